import { describe, expect, it } from 'vitest';
import { priceKeys } from '../constants/plans';
import { productIds } from '../constants/products';
import { subscriberHolding } from '../testing/subscribers';
import type { Subscriber, SubscriberSubscription } from './subscription';
import { hasPaidForPremium, isLapsedSubscriber, isWinBackPrice } from './win-back';

const dates = { expires_date: '2024-05-01T00:00:00.000Z', purchase_date: '2023-05-01T00:00:00.000Z' };
const holding = (productId: string, entry: Partial<SubscriberSubscription> = {}) =>
  subscriberHolding(productId, { ...dates, ...entry });

/** The subscription state's two facts the rule reads, as the server reports them. */
const expired = (subscriber: Subscriber) => ({ subscriber, isExpired: true });
const inForce = (subscriber: Subscriber) => ({ subscriber, isExpired: false });

describe('isWinBackPrice', () => {
  it('is the two win-back prices and nothing else', () => {
    expect(priceKeys.filter(isWinBackPrice)).toEqual(['annualWinback25Dollars', 'annualWinback35Dollars']);
    expect(isWinBackPrice(null)).toBe(false);
  });
});

describe('isLapsedSubscriber', () => {
  it('is someone whose paid premium has expired: a web plan, a store plan, a gift', () => {
    expect(isLapsedSubscriber(expired(holding(productIds.paymentYearly)))).toBe(true);
    expect(isLapsedSubscriber(expired(holding(productIds.iosMonthly, { store: 'app_store' })))).toBe(true);
    expect(isLapsedSubscriber(expired(holding(productIds.giftYearly, { store: 'gift' })))).toBe(true);
    expect(isLapsedSubscriber(expired(holding(productIds.iosAnnual, { period_type: 'intro' })))).toBe(true);
  });

  it('is not a brand-new person, or someone who never subscribed', () => {
    expect(isLapsedSubscriber(null)).toBe(false);
    expect(isLapsedSubscriber(undefined)).toBe(false);
    expect(isLapsedSubscriber(inForce({ entitlements: {}, subscriptions: {} }))).toBe(false);
  });

  it('is not someone whose premium is in force, paid or trial', () => {
    expect(isLapsedSubscriber(inForce(holding(productIds.paymentYearly)))).toBe(false);
    expect(
      isLapsedSubscriber(
        inForce(holding(productIds.promoWeekly, { period_type: 'trial', store: 'promotional' })),
      ),
    ).toBe(false);
  });

  it('is not someone whose only premium was a trial that ended: the no-card trial or a card trial', () => {
    expect(
      isLapsedSubscriber(
        expired(holding(productIds.promoWeekly, { period_type: 'trial', store: 'promotional' })),
      ),
    ).toBe(false);
    expect(isLapsedSubscriber(expired(holding(productIds.paymentYearly, { period_type: 'trial' })))).toBe(
      false,
    );
    // The weekly promo counts as a trial (SPEC §4) whatever its period type says.
    expect(isLapsedSubscriber(expired(holding(productIds.promoWeekly, { store: 'app_store' })))).toBe(false);
  });

  it('counts a paid plan that ended before a later trial ended', () => {
    const trialAfterPlan: Subscriber = {
      ...holding(productIds.paymentYearly, { period_type: 'trial' }),
      subscriptions: {
        [productIds.paymentYearly]: { ...dates, period_type: 'trial', store: 'stripe', is_sandbox: false },
        [productIds.iosMonthly]: { ...dates, period_type: 'normal', store: 'app_store', is_sandbox: false },
      },
    };
    expect(isLapsedSubscriber(expired(trialAfterPlan))).toBe(true);
  });
});

describe('hasPaidForPremium', () => {
  it('leaves out promotional grants', () => {
    expect(hasPaidForPremium(holding(productIds.promoLifetime, { store: 'promotional' }))).toBe(false);
    expect(hasPaidForPremium(holding(productIds.iosAnnual, { period_type: 'promotional' }))).toBe(false);
    expect(hasPaidForPremium(holding(productIds.iosAnnual, { store: 'app_store' }))).toBe(true);
  });
});
