/**
 * SPEC §2's header badge, worded from the flags getSubscriptionState answers with (the server's
 * clock decides them, so every client shows the same thing): 'Subscription expired' once premium
 * has ended, 'Payment failed' while a failed renewal is retried and premium stays on, 'Trial N days
 * left' on a trial in force ('1 day left' for one), else 'PRO'.
 */
export interface SubscriptionBadgeFlags {
  isExpired: boolean;
  /** A renewal's charge failed and is being retried; premium is still in force (isPaymentFailed). */
  isPaymentFailed: boolean;
  isTrial: boolean;
  /** Whole days left, rounded up and floored at 0 (SPEC §4). */
  daysLeft: number;
}

export const SUBSCRIPTION_BADGE_PRO = 'PRO';
export const SUBSCRIPTION_BADGE_EXPIRED = 'Subscription expired';
export const SUBSCRIPTION_BADGE_PAYMENT_FAILED = 'Payment failed';

export function subscriptionBadge({
  isExpired,
  isPaymentFailed,
  isTrial,
  daysLeft,
}: SubscriptionBadgeFlags): string {
  if (isExpired) return SUBSCRIPTION_BADGE_EXPIRED;
  if (isPaymentFailed) return SUBSCRIPTION_BADGE_PAYMENT_FAILED;
  if (!isTrial) return SUBSCRIPTION_BADGE_PRO;
  return `Trial ${daysLeft} ${daysLeft === 1 ? 'day' : 'days'} left`;
}
