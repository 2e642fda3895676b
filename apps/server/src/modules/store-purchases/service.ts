import type { RevenueCatEvent } from '@stillpoint/core';
import type { Database } from '../../db/client';
import { applyEntitlement, firstKnownUserId } from '../entitlements/service';
import { candidateUserIds, planStoreEvent } from './revenuecat-events';

export interface StorePurchaseLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** applied: entitlements written (or already newer); ignored: nothing to do; unknown-user: no such account. */
export type StorePurchaseOutcome = 'applied' | 'ignored' | 'unknown-user';

/**
 * Applies one RevenueCat event to the user's entitlements. Every outcome is acknowledged to
 * RevenueCat (which otherwise retries for days); an unknown user is logged so support can look.
 */
export async function applyStorePurchaseEvent(
  db: Database,
  event: RevenueCatEvent,
  log: StorePurchaseLog,
): Promise<StorePurchaseOutcome> {
  const plan = planStoreEvent(event);
  if (plan.kind === 'ignore') {
    log.info({ eventId: event.id, type: event.type, reason: plan.reason }, 'store purchase event ignored');
    return 'ignored';
  }
  const candidates = candidateUserIds(event);
  const userId = await firstKnownUserId(db, candidates);
  if (!userId) {
    log.warn(
      { eventId: event.id, type: event.type, appUserIds: candidates },
      'store purchase event for no known account; acknowledged without changes',
    );
    return 'unknown-user';
  }
  await db.transaction(async (tx) => {
    for (const grant of plan.grants) await applyEntitlement(tx, { ...grant, userId });
  });
  log.info({ eventId: event.id, type: event.type, userId }, 'store purchase event applied');
  return 'applied';
}
