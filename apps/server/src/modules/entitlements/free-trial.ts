import { DAY_MS, FREE_TRIAL_DAYS, productIds } from '@stillpoint/core';
import type { Database } from '../../db/client';
import { entitlementsOf, insertFreeTrialIfMissing, lockTrialOf } from './repo';
import { applyEntitlement } from './service';

/** The sourceRef of entitlements the no-card trial granted. */
export const FREE_TRIAL_SOURCE = 'free-trial';

/**
 * Starts the 7-day no-card trial (SPEC §4): the weekly promo, granted as a promotional trial.
 * Once per person, ever, and only for someone who has never held premium from any source: a
 * trial is for trying premium, and anyone with an entitlement row (in force or lapsed, a card
 * trial through checkout or a store purchase included) has had that. The free_trial row is
 * inserted in the same transaction as the grant, so of any number of concurrent calls exactly
 * one inserts it and grants the trial. The trial lock makes a checkout trial being fulfilled at
 * the same moment wait, or wait for it (payments' fulfilment), so the two are never both granted.
 */
export function startFreeTrial(db: Database, userId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockTrialOf(tx, userId);
    if ((await entitlementsOf(tx, userId)).length > 0) return false;
    if (!(await insertFreeTrialIfMissing(tx, userId, now))) return false;
    // With no row for the user, nothing newer can refuse this write.
    await applyEntitlement(tx, {
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
    return true;
  });
}
