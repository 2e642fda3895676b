import { type CheckoutTrial, checkoutTrial, productIds } from '@stillpoint/core';
import type { Database } from '../../db/client';
import type { CheckoutSessionRequest } from '../../integrations/payments/provider';
import { FREE_TRIAL_SOURCE } from '../entitlements/free-trial';
import { getEntitlement, hasUsedFreeTrial } from '../entitlements/service';
import { hasHadTrialSubscription } from './repo';

/** When the person's no-card trial ends, or ended, from its grant; null when none is on record. */
export async function noCardTrialEnd(db: Database, userId: string): Promise<Date | null> {
  const grant = await getEntitlement(db, userId, productIds.promoWeekly);
  return grant?.sourceRef === FREE_TRIAL_SOURCE ? grant.expiresAt : null;
}

/**
 * The trial a checkout the person makes now offers (core's checkoutTrial): 7 free days for a
 * first trial, the rest of the no-card trial carried over, or none. `wantsTrial` false is a
 * client asking for no free days; a client never gets more than this.
 */
export async function checkoutTrialFor(
  db: Database,
  userId: string,
  { now, wantsTrial }: { now: Date; wantsTrial: boolean },
): Promise<CheckoutTrial> {
  const [hadNoCardTrial, hadWebTrial, noCardTrialEndsAt] = await Promise.all([
    hasUsedFreeTrial(db, userId),
    hasHadTrialSubscription(db, userId),
    noCardTrialEnd(db, userId),
  ]);
  return checkoutTrial({ hadNoCardTrial, hadWebTrial, noCardTrialEndsAt }, { now, wantsTrial });
}

/** The trial as the provider is asked for it: free days, or a set end for a carried-over trial. */
export function providerTrial(trial: CheckoutTrial): Pick<CheckoutSessionRequest, 'trialDays' | 'trialEnd'> {
  if (trial.kind === 'freeDays') return { trialDays: trial.days, trialEnd: null };
  if (trial.kind === 'credit') return { trialDays: 0, trialEnd: trial.endsAt };
  return { trialDays: 0, trialEnd: null };
}
