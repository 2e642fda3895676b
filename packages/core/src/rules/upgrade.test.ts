import { describe, expect, it } from 'vitest';
import { productIds } from '../constants/products';
import { subscriberHolding } from '../testing/subscribers';
import type { Subscriber, SubscriberSubscription } from './subscription';
import { DAY_MS } from './time';
import { canBuyPlan, isNoCardTrialActive } from './upgrade';

const now = new Date('2024-06-01T12:00:00.000Z');
const inMs = (ms: number) => new Date(now.getTime() + ms).toISOString();

const subscriber = (productId: string, overrides: Partial<SubscriberSubscription> = {}): Subscriber =>
  subscriberHolding(productId, {
    expires_date: inMs(7 * DAY_MS),
    purchase_date: inMs(-DAY_MS),
    ...overrides,
  });

const noCardTrial = (expires_date = inMs(7 * DAY_MS)) =>
  subscriber(productIds.promoWeekly, { period_type: 'trial', store: 'promotional', expires_date });

describe('isNoCardTrialActive', () => {
  it('is the weekly promo trial while it is in force', () => {
    expect(isNoCardTrialActive(noCardTrial(), now)).toBe(true);
    expect(isNoCardTrialActive(noCardTrial(inMs(0)), now)).toBe(false);
  });

  it('is not a trial bought with a card, a paid plan, or nothing', () => {
    expect(isNoCardTrialActive(subscriber(productIds.paymentYearly, { period_type: 'trial' }), now)).toBe(
      false,
    );
    expect(isNoCardTrialActive(subscriber(productIds.paymentYearly), now)).toBe(false);
    expect(isNoCardTrialActive(null, now)).toBe(false);
  });
});

describe('canBuyPlan', () => {
  it('offers no second plan while a failed renewal is retried: the card is updated instead', () => {
    const pastDue = subscriber(productIds.paymentMonthly, { billing_issues_detected_at: inMs(-DAY_MS) });
    expect(canBuyPlan(pastDue, now)).toBe(false);
    // Once the provider gave up and premium ended, a plan is bought again.
    const ended = subscriber(productIds.paymentMonthly, {
      billing_issues_detected_at: inMs(-15 * DAY_MS),
      expires_date: inMs(-DAY_MS),
    });
    expect(canBuyPlan(ended, now)).toBe(true);
  });

  it('lets someone with nothing, or only an expired plan, buy', () => {
    expect(canBuyPlan(null, now)).toBe(true);
    expect(canBuyPlan(undefined, now)).toBe(true);
    expect(canBuyPlan({ entitlements: {}, subscriptions: {} }, now)).toBe(true);
    expect(canBuyPlan(subscriber(productIds.paymentYearly, { expires_date: inMs(-1) }), now)).toBe(true);
  });

  it('lets someone on the no-card trial buy the plan that follows it', () => {
    expect(canBuyPlan(noCardTrial(), now)).toBe(true);
  });

  it('refuses anyone whose paid, store, card-trial or lifetime premium is in force', () => {
    expect(canBuyPlan(subscriber(productIds.paymentYearly), now)).toBe(false);
    expect(canBuyPlan(subscriber(productIds.paymentMonthly, { period_type: 'trial' }), now)).toBe(false);
    expect(canBuyPlan(subscriber(productIds.iosAnnual, { store: 'app_store' }), now)).toBe(false);
    expect(canBuyPlan(subscriber(productIds.promoLifetime, { expires_date: null }), now)).toBe(false);
  });
});
