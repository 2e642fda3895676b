import { DAY_MS, FREE_TRIAL_DAYS, productIds } from '@stillpoint/core';
import type { Database } from '../../db/client';
import { entitlementsOf, insertFreeTrialIfMissing } from './repo';
import { applyEntitlement } from './service';
import { isInForce } from './subscriber';

/** The sourceRef of entitlements the no-card trial granted. */
export const FREE_TRIAL_SOURCE = 'free-trial';

/**
 * Starts the 7-day no-card trial (SPEC §4): the weekly promo, granted as a promotional trial.
 * Once per person, ever: the free_trial row is inserted in the same transaction as the grant, so
 * of any number of concurrent calls exactly one inserts it and grants the trial. Someone whose
 * premium is already in force gets false and keeps their trial for later.
 */
export function startFreeTrial(db: Database, userId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await entitlementsOf(tx, userId);
    if (rows.some((row) => isInForce(row, now))) return false;
    if (!(await insertFreeTrialIfMissing(tx, userId, now))) return false;
    const granted = await applyEntitlement(tx, {
      userId,
      productIdentifier: productIds.promoWeekly,
      store: 'promotional',
      periodType: 'trial',
      purchasedAt: now,
      expiresAt: new Date(now.getTime() + FREE_TRIAL_DAYS * DAY_MS),
      isSandbox: false,
      sourceRef: FREE_TRIAL_SOURCE,
      observedAt: now,
    });
    // Only a stored observation from the future (a skewed clock) could refuse the grant; rolling
    // back keeps the trial for a later call instead of spending it on nothing.
    if (!granted)
      throw new Error(`the free trial of ${userId} was not granted: a newer weekly promo row exists`);
    return true;
  });
}
