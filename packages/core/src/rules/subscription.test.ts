import { describe, expect, it } from 'vitest';
import { subscriberSchema } from '../api/schemas/subscriber';
import { productIds } from '../constants/products';
import { subscriberHolding } from '../testing/subscribers';
import {
  badgeText,
  daysLeft,
  hasCardOnFile,
  isExpired,
  isPaymentFailed,
  isPremiumActive,
  isTrial,
  PAYMENT_RETRY_WINDOW_DAYS,
  planName,
  type Subscriber,
  type SubscriberSubscription,
  trialDaysLeft,
} from './subscription';
import { DAY_MS } from './time';

const now = new Date('2024-06-01T12:00:00.000Z');
const inMs = (ms: number) => new Date(now.getTime() + ms).toISOString();

const subscriber = (productId: string, overrides: Partial<SubscriberSubscription> = {}): Subscriber =>
  subscriberHolding(productId, {
    expires_date: inMs(30 * DAY_MS),
    purchase_date: inMs(-DAY_MS),
    ...overrides,
  });

const trial = (expires: string | null) =>
  subscriber(productIds.paymentYearly, { period_type: 'trial', expires_date: expires });

describe('isTrial and hasCardOnFile', () => {
  it('is a trial with a card when the period type is trial', () => {
    const s = trial(inMs(DAY_MS));
    expect(isTrial(s)).toBe(true);
    expect(hasCardOnFile(s)).toBe(true);
  });

  it('counts the weekly promo as a trial without a card, whatever its period type', () => {
    const s = subscriber(productIds.promoWeekly, { period_type: 'normal', store: 'promotional' });
    expect(isTrial(s)).toBe(true);
    expect(hasCardOnFile(s)).toBe(false);
  });

  it('is neither for a normal paid plan or no subscriber', () => {
    expect(isTrial(subscriber(productIds.iosAnnual))).toBe(false);
    expect(hasCardOnFile(subscriber(productIds.iosAnnual))).toBe(false);
    expect(isTrial(undefined)).toBe(false);
    expect(hasCardOnFile(null)).toBe(false);
  });
});

describe('isExpired', () => {
  it('is expired once expires_date is reached, not a millisecond before', () => {
    expect(isExpired(subscriber(productIds.iosMonthly, { expires_date: inMs(1) }), now)).toBe(false);
    expect(isExpired(subscriber(productIds.iosMonthly, { expires_date: inMs(0) }), now)).toBe(true);
    expect(isExpired(subscriber(productIds.iosMonthly, { expires_date: inMs(-1) }), now)).toBe(true);
  });

  it('never expires without an expiry date', () => {
    expect(isExpired(subscriber(productIds.promoLifetime, { expires_date: null }), now)).toBe(false);
    expect(isExpired(undefined, now)).toBe(false);
  });

  it("reads the expiry from the entitlement when the product's subscription record is missing", () => {
    const orphan = (expires_date: string | null): Subscriber => ({
      entitlements: { premium: { product_identifier: 'gone', expires_date, purchase_date: inMs(-DAY_MS) } },
      subscriptions: {},
    });
    expect(isExpired(orphan(null), now)).toBe(false);
    expect(isPremiumActive(orphan(null), now)).toBe(true);
    expect(isExpired(orphan(inMs(-1)), now)).toBe(true);
    expect(isPremiumActive(orphan(inMs(DAY_MS)), now)).toBe(true);
  });

  it('makes premium inactive', () => {
    expect(isPremiumActive(subscriber(productIds.iosMonthly), now)).toBe(true);
    expect(isPremiumActive(subscriber(productIds.iosMonthly, { expires_date: inMs(0) }), now)).toBe(false);
    expect(isPremiumActive({ entitlements: {}, subscriptions: {} }, now)).toBe(false);
  });
});

describe('trialDaysLeft', () => {
  it.each([
    [7 * DAY_MS, 7],
    [DAY_MS + 1, 2],
    [DAY_MS, 1],
    [0.1 * DAY_MS, 1],
    [1, 1],
    [0, 0],
    [-DAY_MS, 0],
  ])('%d ms before the end → %d days', (msLeft, days) => {
    expect(trialDaysLeft(trial(inMs(msLeft)), now)).toBe(days);
  });

  it('is 0 without an end date or outside a trial', () => {
    expect(trialDaysLeft(trial(null), now)).toBe(0);
    expect(trialDaysLeft(subscriber(productIds.iosAnnual), now)).toBe(0);
    expect(daysLeft(subscriber(productIds.iosAnnual), now)).toBe(30);
  });
});

describe('planName', () => {
  it.each([
    [productIds.iosMonthly, 'premium monthly'],
    [productIds.paymentMonthly, 'premium monthly'],
    [productIds.paymentMonthlyTest, 'premium monthly'],
    [productIds.promoWeekly, 'premium monthly'],
    [productIds.iosAnnual, 'premium yearly'],
    [productIds.paymentYearly, 'premium yearly'],
    [productIds.paymentYearlyTest, 'premium yearly'],
    [productIds.promoLifetime, 'premium lifetime'],
    [productIds.paymentBiennial, 'premium 2 years'],
    [productIds.paymentBiennialTest, 'premium 2 years'],
    ['some_future_product', 'premium'],
  ])('%s → %s', (productId, name) => {
    expect(planName(subscriber(productId))).toBe(name);
  });

  it('prefixes sandbox purchases', () => {
    expect(planName(subscriber(productIds.iosMonthly, { is_sandbox: true }))).toBe('sandbox premium monthly');
  });

  it('is null without a premium entitlement', () => {
    expect(planName({ entitlements: {}, subscriptions: {} })).toBeNull();
  });
});

describe('badgeText', () => {
  it('says PRO for paid premium that has not expired', () => {
    expect(badgeText(subscriber(productIds.paymentYearly), now)).toBe('PRO');
    expect(badgeText(subscriber(productIds.promoLifetime, { expires_date: null }), now)).toBe('PRO');
  });

  it('counts trial days down to the last one', () => {
    expect(badgeText(trial(inMs(7 * DAY_MS)), now)).toBe('Trial 7 days left');
    expect(badgeText(trial(inMs(2 * DAY_MS)), now)).toBe('Trial 2 days left');
    expect(badgeText(trial(inMs(1 * DAY_MS)), now)).toBe('Trial 1 day left');
    expect(badgeText(trial(inMs(0.1 * DAY_MS)), now)).toBe('Trial 1 day left');
    expect(badgeText(trial(inMs(1 * DAY_MS + 1)), now)).toBe('Trial 2 days left');
  });

  it('says subscription expired once the trial or plan has ended, including exactly now', () => {
    expect(badgeText(trial(inMs(0)), now)).toBe('Subscription expired');
    expect(badgeText(subscriber(productIds.iosMonthly, { expires_date: inMs(-1) }), now)).toBe(
      'Subscription expired',
    );
  });

  it('says payment failed while a failed renewal is retried, then subscription expired', () => {
    const failed = (expires: string) =>
      subscriber(productIds.paymentMonthly, {
        expires_date: expires,
        billing_issues_detected_at: inMs(-2 * DAY_MS),
      });
    expect(badgeText(failed(inMs(12 * DAY_MS)), now)).toBe('Payment failed');
    expect(badgeText(failed(inMs(0)), now)).toBe('Subscription expired');
  });

  it('shows no badge without a subscription', () => {
    expect(badgeText(undefined, now)).toBeNull();
    expect(badgeText({ entitlements: {}, subscriptions: {} }, now)).toBeNull();
  });
});

describe('isPaymentFailed', () => {
  const pastDue = (overrides: Partial<SubscriberSubscription> = {}) =>
    subscriber(productIds.paymentMonthly, {
      billing_issues_detected_at: inMs(-DAY_MS),
      expires_date: inMs((PAYMENT_RETRY_WINDOW_DAYS - 1) * DAY_MS),
      ...overrides,
    });

  it('is a failed renewal being retried while premium is still in force', () => {
    expect(isPaymentFailed(pastDue(), now)).toBe(true);
    // Premium stays on meanwhile: not expired, a paid plan, no days counted down as a trial.
    expect(isPremiumActive(pastDue(), now)).toBe(true);
    expect(isExpired(pastDue(), now)).toBe(false);
    expect(trialDaysLeft(pastDue(), now)).toBe(0);
  });

  it('is expired instead once the retry window is over, at its exact end too', () => {
    expect(isPaymentFailed(pastDue({ expires_date: inMs(0) }), now)).toBe(false);
    expect(isExpired(pastDue({ expires_date: inMs(0) }), now)).toBe(true);
    expect(isPaymentFailed(pastDue({ expires_date: inMs(-DAY_MS) }), now)).toBe(false);
  });

  it('is nothing of the kind while payments go through, or without a subscription', () => {
    expect(isPaymentFailed(subscriber(productIds.paymentMonthly), now)).toBe(false);
    expect(isPaymentFailed(pastDue({ billing_issues_detected_at: null }), now)).toBe(false);
    expect(isPaymentFailed(null, now)).toBe(false);
    expect(isPaymentFailed({ entitlements: {}, subscriptions: {} }, now)).toBe(false);
  });

  it('reads the subscription behind premium, not another product with a failed charge', () => {
    const gift = subscriber(productIds.paymentYearly, { store: 'gift', expires_date: inMs(300 * DAY_MS) });
    const both: Subscriber = {
      entitlements: gift.entitlements,
      subscriptions: { ...pastDue().subscriptions, ...gift.subscriptions },
    };
    expect(isPaymentFailed(both, now)).toBe(false);
  });

  it("is two weeks, the retry window of Stripe's recommended Smart Retries", () => {
    expect(PAYMENT_RETRY_WINDOW_DAYS).toBe(14);
  });
});

describe('subscriberSchema', () => {
  it('accepts the entitlement service shape and drops fields the rules do not use', () => {
    const parsed = subscriberSchema.parse({
      entitlements: {
        premium: {
          product_identifier: 'annual_subscription',
          expires_date: '2025-01-01T00:00:00Z',
          purchase_date: '2024-12-25T00:00:00Z',
          grace_period_expires_date: null,
        },
      },
      subscriptions: {
        annual_subscription: {
          expires_date: '2025-01-01T00:00:00Z',
          purchase_date: '2024-12-25T00:00:00Z',
          period_type: 'trial',
          store: 'app_store',
          is_sandbox: false,
        },
      },
    });
    expect(parsed.entitlements.premium).toEqual({
      product_identifier: 'annual_subscription',
      expires_date: '2025-01-01T00:00:00Z',
      purchase_date: '2024-12-25T00:00:00Z',
    });
  });

  it('rejects a malformed expiry date and an unknown period type', () => {
    const bad = subscriberSchema.safeParse({
      entitlements: {},
      subscriptions: {
        x: {
          expires_date: 'next tuesday',
          purchase_date: '2024-12-25T00:00:00Z',
          period_type: 'forever',
          store: 'stripe',
          is_sandbox: false,
        },
      },
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'subscriptions.x.expires_date',
      'subscriptions.x.period_type',
    ]);
  });
});
