import {
  hasCardOnFile,
  hasPremiumEntitlement,
  type SubscriptionState,
  subscriptionBadge,
} from '@stillpoint/core';

/** What the page shows about a person's premium, read from what getSubscriptionState answered. */
export interface PremiumStatus {
  /** There is a premium entitlement, in force or not. */
  hasEntitlement: boolean;
  /** Premium is in force (trial included), by the server's clock. */
  isPremium: boolean;
  isExpired: boolean;
  /**
   * A renewal's charge failed and is being retried while premium stays on: the page offers only
   * "Update your card" (SPEC §2's badge reads 'Payment failed').
   */
  isPaymentFailed: boolean;
  /** On a trial (SPEC §4: the period type says so, or the weekly promo), in force or not. */
  isTrial: boolean;
  /** Whole days left, as the server counted them when it answered (0 without an end). */
  daysLeft: number;
  /** On the no-card trial, still in force: a plan bought now keeps premium after it. */
  isNoCardTrial: boolean;
  /** Nothing is in force, or only the no-card trial: the upgrade card applies. */
  canBuyPlan: boolean;
  /**
   * The header badge ('PRO', 'Trial N days left', 'Payment failed', 'Subscription expired'), or
   * null without a subscription.
   */
  badge: string | null;
}

/**
 * The server decides what is in force: its answer carries isTrial, daysLeft, isExpired and
 * isPaymentFailed, worked out with core's rules on the server's clock. The page never re-derives
 * them with the browser's clock, which may be off by anything (a brand-new trial would read 'Trial
 * 8 days left' on a clock 100 ms behind, and a fast clock would say 'Subscription expired' while
 * the server grants premium). Only clock-free facts come from the subscriber itself (is there an entitlement, is a
 * card on file).
 */
export function premiumStatus(state: SubscriptionState | null): PremiumStatus {
  const subscriber = state?.subscriber ?? null;
  const hasEntitlement = state !== null && hasPremiumEntitlement(subscriber);
  if (!state || !hasEntitlement) {
    return {
      hasEntitlement: false,
      isPremium: false,
      isExpired: false,
      isPaymentFailed: false,
      isTrial: false,
      daysLeft: 0,
      isNoCardTrial: false,
      canBuyPlan: true,
      badge: null,
    };
  }
  const { isExpired, isPaymentFailed, isTrial, daysLeft } = state;
  // A plan whose payment failed is still in force (isExpired is false): it is not bought again.
  const isPremium = !isExpired;
  const isNoCardTrial = isPremium && isTrial && !hasCardOnFile(subscriber);
  return {
    hasEntitlement,
    isPremium,
    isExpired,
    isPaymentFailed,
    isTrial,
    daysLeft,
    isNoCardTrial,
    canBuyPlan: !isPremium || isNoCardTrial,
    badge: subscriptionBadge({ isExpired, isPaymentFailed, isTrial, daysLeft }),
  };
}
