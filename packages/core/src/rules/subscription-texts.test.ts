import { describe, expect, it } from 'vitest';
import { productIds } from '../constants/products';
import { subscriberHolding } from '../testing/subscribers';
import type { Subscriber, SubscriberSubscription } from './subscription';
import { formatLongDate, subscriptionTexts, type WebPaymentFacts } from './subscription-texts';

const now = new Date('2026-11-24T12:00:00.000Z');
const DEC_1 = '2026-12-01T10:00:00.000Z';
const NOV_1 = '2026-11-01T10:00:00.000Z';

/** One product held as premium, renewing on December 1 unless `entry` says otherwise. */
const subscriber = (productId: string, entry: Partial<SubscriberSubscription>): Subscriber =>
  subscriberHolding(productId, { expires_date: DEC_1, purchase_date: '2026-10-01T10:00:00.000Z', ...entry });

const paid = (overrides: Partial<WebPaymentFacts> = {}): WebPaymentFacts => ({
  status: 'active',
  cancelAtPeriodEnd: false,
  paymentMethod: 'Visa ending in 4242',
  ...overrides,
});

describe('formatLongDate', () => {
  it('writes the day in words, in UTC', () => {
    expect(formatLongDate('2026-12-01T00:30:00.000Z')).toBe('December 1, 2026');
    expect(formatLongDate(new Date('2027-01-31T23:59:59.000Z'))).toBe('January 31, 2027');
  });
});

describe('subscriptionTexts', () => {
  it('is null without a premium entitlement', () => {
    expect(subscriptionTexts(null, null, now)).toBeNull();
    expect(subscriptionTexts({ entitlements: {}, subscriptions: {} }, null, now)).toBeNull();
  });

  it('says when a web plan renews and how it is paid', () => {
    expect(subscriptionTexts(subscriber(productIds.paymentYearly, {}), paid(), now)).toEqual({
      info: 'Your plan renews on December 1, 2026.',
      detailedInfo: 'Paid with Visa ending in 4242.',
    });
  });

  it('says a canceled web plan ends, and will not charge again', () => {
    const texts = subscriptionTexts(
      subscriber(productIds.paymentMonthly, {}),
      paid({ cancelAtPeriodEnd: true }),
      now,
    );
    expect(texts).toEqual({
      info: 'Your plan was canceled and ends on December 1, 2026.',
      detailedInfo: 'Paid with Visa ending in 4242. It will not renew, and you will not be charged again.',
    });
  });

  it('says when a card trial ends and that the plan follows, or that it was canceled', () => {
    const s = subscriber(productIds.paymentYearly, { period_type: 'trial' });
    expect(subscriptionTexts(s, paid({ status: 'trialing' }), now)).toEqual({
      info: 'Your free trial ends on December 1, 2026, and then your plan starts.',
      detailedInfo: 'Visa ending in 4242 will be charged when your trial ends.',
    });
    expect(subscriptionTexts(s, paid({ status: 'trialing', cancelAtPeriodEnd: true }), now)).toEqual({
      info: 'Your free trial was canceled and ends on December 1, 2026.',
      detailedInfo: 'You will not be charged.',
    });
    const ended = subscriber(productIds.paymentYearly, { period_type: 'trial', expires_date: NOV_1 });
    expect(subscriptionTexts(ended, paid({ status: 'canceled', cancelAtPeriodEnd: true }), now)).toEqual({
      info: 'Your free trial ended on November 1, 2026.',
      detailedInfo: 'You were not charged.',
    });
  });

  it('asks for a card on a trial that started without one', () => {
    const s = subscriber(productIds.paymentYearly, { period_type: 'trial' });
    expect(subscriptionTexts(s, paid({ status: 'trialing', paymentMethod: null }), now)?.detailedInfo).toBe(
      'No card on file yet: add one to keep premium after your trial.',
    );
  });

  it('says an expired plan expired on its date', () => {
    const s = subscriber(productIds.paymentYearly, { expires_date: NOV_1 });
    expect(subscriptionTexts(s, paid({ status: 'canceled' }), now)).toEqual({
      info: 'Your subscription expired on November 1, 2026.',
      detailedInfo: 'Paid with Visa ending in 4242.',
    });
  });

  it('explains a failed renewal being retried, premium on until the retry window ends', () => {
    const s = subscriber(productIds.paymentMonthly, { billing_issues_detected_at: NOV_1 });
    expect(subscriptionTexts(s, paid({ status: 'past_due' }), now)).toEqual({
      info: 'Your last payment did not go through. Premium stays on while it is tried again, until December 1, 2026.',
      detailedInfo: 'The charge to Visa ending in 4242 failed. Update your card to keep premium.',
    });
    expect(subscriptionTexts(s, paid({ status: 'past_due', paymentMethod: null }), now)?.detailedInfo).toBe(
      'There is no card on file. Add one to keep premium.',
    );
  });

  it('says a plan whose payment was given up on has ended, with no card to update', () => {
    const given = subscriber(productIds.paymentMonthly, { expires_date: NOV_1 });
    expect(subscriptionTexts(given, paid({ status: 'unpaid' }), now)).toEqual({
      info: 'Your subscription expired on November 1, 2026.',
      detailedInfo: 'The last payment did not go through, so the plan ended.',
    });
    // Past its retry window the page says the same, whatever the provider still reports.
    const over = subscriber(productIds.paymentMonthly, {
      expires_date: NOV_1,
      billing_issues_detected_at: NOV_1,
    });
    expect(subscriptionTexts(over, paid({ status: 'past_due' }), now)?.detailedInfo).toBe(
      'The last payment did not go through, so the plan ended.',
    );
  });

  it('counts the exact expiry instant as expired', () => {
    const s = subscriber(productIds.paymentYearly, { expires_date: now.toISOString() });
    expect(subscriptionTexts(s, paid(), now)?.info).toBe('Your subscription expired on November 24, 2026.');
  });

  it('describes the no-card trial', () => {
    const s = subscriber(productIds.promoWeekly, { store: 'promotional', period_type: 'trial' });
    expect(subscriptionTexts(s, null, now)).toEqual({
      info: 'Your free trial ends on December 1, 2026.',
      detailedInfo: 'A free trial, no card needed.',
    });
    const ended = subscriber(productIds.promoWeekly, {
      store: 'promotional',
      period_type: 'trial',
      expires_date: NOV_1,
    });
    expect(subscriptionTexts(ended, null, now)?.info).toBe('Your free trial ended on November 1, 2026.');
  });

  it.each([
    ['app_store', productIds.iosMonthly, 'Billed through the App Store.'],
    ['play_store', productIds.iosAnnual, 'Billed through Google Play.'],
  ] as const)('says a %s plan is billed by its store', (store, productId, detail) => {
    expect(subscriptionTexts(subscriber(productId, { store }), null, now)).toEqual({
      info: 'Your plan is active until December 1, 2026.',
      detailedInfo: detail,
    });
  });

  it('ignores payment facts for purchases that are not web ones', () => {
    const s = subscriber(productIds.iosMonthly, { store: 'app_store' });
    expect(subscriptionTexts(s, paid({ cancelAtPeriodEnd: true }), now)?.info).toBe(
      'Your plan is active until December 1, 2026.',
    );
  });

  it('describes a gift and a lifetime grant', () => {
    const gift = subscriber(productIds.paymentYearly, { store: 'gift' });
    expect(subscriptionTexts(gift, null, now)).toEqual({
      info: 'Your gifted premium ends on December 1, 2026.',
      detailedInfo: 'A gift, so there is nothing to pay.',
    });
    const lifetime = subscriber(productIds.promoLifetime, { store: 'promotional', expires_date: null });
    expect(subscriptionTexts(lifetime, null, now)).toEqual({
      info: 'You have premium for life.',
      detailedInfo: 'Lifetime premium, granted by Stillpoint.',
    });
  });
});
