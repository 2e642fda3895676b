import {
  badgeText,
  canBuyPlan,
  DAY_MS,
  hasPremiumEntitlement,
  isExpired,
  isPaymentFailed,
  isPremiumActive,
  isTrial,
} from '@stillpoint/core';
import { describe, expect, it } from 'vitest';
import { MINUTE_MS, type PlanKind, serverClock, subscriptionState } from '../../test/subscriptions';
import { premiumStatus } from './premium-status';

const kinds: PlanKind[] = ['pro', 'cardTrial', 'noCardTrial', 'expired', 'lifetime', 'paymentFailed'];

describe('premiumStatus', () => {
  it('is nothing in force, no badge and a plan to buy, without a subscription', () => {
    expect(premiumStatus(null)).toEqual({
      hasEntitlement: false,
      isPremium: false,
      isExpired: false,
      isPaymentFailed: false,
      isTrial: false,
      daysLeft: 0,
      isNoCardTrial: false,
      canBuyPlan: true,
      badge: null,
    });
  });

  // When the server's clock and this page's agree, reading the server's flags gives what core's
  // rules give on the subscriber: the page only stops second-guessing the server.
  it.each(kinds)("reads %s as core's rules do when the clocks agree", (kind) => {
    for (const days of [0.001, 1, 6.5, 7, 300]) {
      const now = new Date('2025-05-01T00:00:00.000Z');
      const state = subscriptionState(kind, kind === 'expired' ? { now } : { days, now });
      const status = premiumStatus(state);
      const { subscriber } = state;
      expect(status).toMatchObject({
        hasEntitlement: hasPremiumEntitlement(subscriber),
        isPremium: isPremiumActive(subscriber, now),
        isExpired: isExpired(subscriber, now),
        isPaymentFailed: isPaymentFailed(subscriber, now),
        isTrial: isTrial(subscriber),
        canBuyPlan: canBuyPlan(subscriber, now),
        badge: badgeText(subscriber, now),
      });
    }
  });

  it('reads a failed payment as premium still on, nothing to buy, and the badge payment failed', () => {
    expect(premiumStatus(subscriptionState('paymentFailed'))).toMatchObject({
      isPremium: true,
      isExpired: false,
      isPaymentFailed: true,
      canBuyPlan: false,
      badge: 'Payment failed',
    });
  });

  it("takes the server's days, not the page's clock: a page 1 minute behind still reads 7 days", () => {
    // The server started the trial at its now: 7 days. To this page the end is 7 days and 1 minute
    // away, which its own clock would round up to 8.
    const state = subscriptionState('noCardTrial', { days: 7, now: serverClock(MINUTE_MS) });
    expect(
      Math.ceil(
        (Date.parse(state.subscriber.entitlements.premium?.expires_date ?? '') - Date.now()) / DAY_MS,
      ),
    ).toBe(8);

    expect(premiumStatus(state)).toMatchObject({ daysLeft: 7, badge: 'Trial 7 days left', isPremium: true });
  });

  it("keeps premium the server grants, though the page's fast clock is past the end", () => {
    // The server's clock is 2 minutes behind this page's; to the server a minute is left.
    const state = subscriptionState('pro', { days: MINUTE_MS / DAY_MS, now: serverClock(-2 * MINUTE_MS) });
    expect(isExpired(state.subscriber, new Date())).toBe(true);

    expect(premiumStatus(state)).toMatchObject({
      isPremium: true,
      isExpired: false,
      canBuyPlan: false,
      badge: 'PRO',
    });
  });

  it("ends premium when the server says it has ended, though the page's slow clock is before the end", () => {
    const state = subscriptionState('expired', {
      days: -MINUTE_MS / DAY_MS,
      now: serverClock(2 * MINUTE_MS),
    });
    expect(isExpired(state.subscriber, new Date())).toBe(false);

    expect(premiumStatus(state)).toMatchObject({
      isPremium: false,
      isExpired: true,
      canBuyPlan: true,
      badge: 'Subscription expired',
    });
  });

  it('knows the no-card trial, which a plan bought now follows, from a trial with a card', () => {
    expect(premiumStatus(subscriptionState('noCardTrial')).isNoCardTrial).toBe(true);
    expect(premiumStatus(subscriptionState('noCardTrial')).canBuyPlan).toBe(true);
    expect(premiumStatus(subscriptionState('cardTrial')).isNoCardTrial).toBe(false);
    expect(premiumStatus(subscriptionState('cardTrial')).canBuyPlan).toBe(false);
  });
});
