import { DAY_MS, PAYMENT_RETRY_WINDOW_DAYS } from '@stillpoint/core';
import type { EntitlementPeriodType } from '../../db/schema';
import type { ProviderSubscription } from '../../integrations/payments/provider';

/** The entitlement a web subscription's status stands for: its period type and when premium ends. */
export interface SubscriptionAccess {
  periodType: EntitlementPeriodType;
  expiresAt: Date;
  /** past_due: when the charge the provider is still retrying failed. */
  billingIssueDetectedAt?: Date;
}

/**
 * How a provider subscription's status maps onto the premium entitlement; null when it grants
 * nothing and must leave the entitlement alone.
 *
 * - trialing: a trial until the trial ends.
 * - active: paid until the period ends.
 * - past_due: a renewal (or the first charge after a trial) failed and the provider is retrying
 *   it, so premium stays on for the retry window (core's PAYMENT_RETRY_WINDOW_DAYS from when the
 *   unpaid period began, never past that period), flagged as a billing issue: "payment failed".
 * - unpaid, paused: the provider gave up on the charge (or paused collection), so premium ended
 *   when the unpaid period began.
 * - canceled: premium ended when the subscription did; a trial that was canceled reads as a trial.
 * - incomplete, incomplete_expired: the first payment never went through, so there never was
 *   access; writing an expired row would show "subscription expired" to someone who never
 *   subscribed, and could overwrite the row of an earlier subscription to the same plan.
 * - an embedded-form trial whose card was never set up (awaitingPaymentMethod): nothing, for the
 *   same reason, whatever the provider calls it (trialing at once, canceled at the trial's end),
 *   unless a charge went through after all (active: the customer's saved card paid).
 */
export function subscriptionAccess(subscription: ProviderSubscription): SubscriptionAccess | null {
  const { status, trialEnd, currentPeriodStart, currentPeriodEnd, endedAt } = subscription;
  if (subscription.awaitingPaymentMethod && status !== 'active') return null;
  switch (status) {
    case 'trialing': {
      const end = trialEnd ?? currentPeriodEnd;
      return end ? { periodType: 'trial', expiresAt: end } : null;
    }
    case 'active':
      return currentPeriodEnd ? { periodType: 'normal', expiresAt: currentPeriodEnd } : null;
    case 'past_due': {
      const failedAt = currentPeriodStart ?? trialEnd;
      if (!failedAt) return null;
      const windowEnd = new Date(failedAt.getTime() + PAYMENT_RETRY_WINDOW_DAYS * DAY_MS);
      const expiresAt = currentPeriodEnd && currentPeriodEnd < windowEnd ? currentPeriodEnd : windowEnd;
      return { periodType: 'normal', expiresAt, billingIssueDetectedAt: failedAt };
    }
    case 'unpaid':
    case 'paused': {
      const end = currentPeriodStart ?? trialEnd;
      return end ? { periodType: 'normal', expiresAt: end } : null;
    }
    case 'canceled': {
      const end = endedAt ?? currentPeriodEnd;
      if (!end) return null;
      const endedInTrial = trialEnd !== null && end.getTime() <= trialEnd.getTime();
      return { periodType: endedInTrial ? 'trial' : 'normal', expiresAt: end };
    }
    default:
      return null;
  }
}
