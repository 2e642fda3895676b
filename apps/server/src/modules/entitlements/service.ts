import type { Subscriber } from '@stillpoint/core';
import { existingUserIds } from '../../auth/known-users';
import type { Database } from '../../db/client';
import type { EntitlementPeriodType, EntitlementStore } from '../../db/schema';
import {
  type EntitlementRow,
  entitlementsOf,
  findEntitlement,
  hasFreeTrialRow,
  lockTrialOf,
  shiftPromotionalRows,
  trialRowsEndingWithin,
  upsertEntitlementUnlessNewer,
} from './repo';
import { isInForce, premiumRow, subscriberFromRows } from './subscriber';

export { isInForce } from './subscriber';

/** One product a user holds, as a purchase source (a payment, a store, a grant) last saw it. */
export interface EntitlementGrant {
  userId: string;
  productIdentifier: string;
  store: EntitlementStore;
  periodType: EntitlementPeriodType;
  purchasedAt: Date;
  /** null: never lapses (lifetime). */
  expiresAt: Date | null;
  isSandbox: boolean;
  /** Where it came from: a payment subscription id, a store transaction, 'free-trial', ... */
  sourceRef: string | null;
  /** When this state was true at its source; an older observation never replaces a newer one. */
  observedAt: Date;
  /**
   * A failed renewal its source is still retrying (a web plan past due); premium stays on until
   * expiresAt meanwhile. Absent or null while payments go through.
   */
  billingIssueDetectedAt?: Date | null;
}

/** What another module may know of one stored entitlement. */
export type EntitlementRecord = Pick<
  EntitlementRow,
  'productIdentifier' | 'store' | 'periodType' | 'purchasedAt' | 'expiresAt' | 'isSandbox' | 'sourceRef'
>;

const record = (row: EntitlementRow): EntitlementRecord => ({
  productIdentifier: row.productIdentifier,
  store: row.store,
  periodType: row.periodType,
  purchasedAt: row.purchasedAt,
  expiresAt: row.expiresAt,
  isSandbox: row.isSandbox,
  sourceRef: row.sourceRef,
});

/**
 * Writes the user's row for the product unless a later observation is already stored, so events
 * that arrive out of order end in the newest state and a redelivery changes nothing. Pass a
 * transaction as `db` to make it part of the caller's work. True when the row was written.
 */
export const applyEntitlement = (db: Database, grant: EntitlementGrant): Promise<boolean> =>
  upsertEntitlementUnlessNewer(db, {
    userId: grant.userId,
    productIdentifier: grant.productIdentifier,
    store: grant.store,
    periodType: grant.periodType,
    purchasedAt: grant.purchasedAt,
    expiresAt: grant.expiresAt,
    isSandbox: grant.isSandbox,
    sourceRef: grant.sourceRef,
    sourceObservedAt: grant.observedAt,
    billingIssueDetectedAt: grant.billingIssueDetectedAt ?? null,
  });

/** The user's subscriber object (SPEC §3); empty entitlements and subscriptions when they have none. */
export async function getSubscriber(db: Database, userId: string, now: Date): Promise<Subscriber> {
  return subscriberFromRows(await entitlementsOf(db, userId), now);
}

/**
 * The subscriber and the stored row behind entitlements.premium (which says where it came from);
 * null when the user has never had an entitlement.
 */
export async function getPremium(
  db: Database,
  userId: string,
  now: Date,
): Promise<{ subscriber: Subscriber; premium: EntitlementRecord } | null> {
  const rows = await entitlementsOf(db, userId);
  const premium = premiumRow(rows, now);
  if (!premium) return null;
  return { subscriber: subscriberFromRows(rows, now), premium: record(premium) };
}

/** The user's entitlements that grant premium right now. */
export async function entitlementsInForce(
  db: Database,
  userId: string,
  now: Date,
): Promise<EntitlementRecord[]> {
  const rows = await entitlementsOf(db, userId);
  return rows.filter((row) => isInForce(row, now)).map(record);
}

/** The user's stored row for one product, if any. */
export async function getEntitlement(
  db: Database,
  userId: string,
  productIdentifier: string,
): Promise<EntitlementRecord | null> {
  const row = await findEntitlement(db, userId, productIdentifier);
  return row ? record(row) : null;
}

/** The subscriber for the SPEC §7 entitlement service; null when no account has this id. */
export async function getSubscriberOfKnownUser(
  db: Database,
  userId: string,
  now: Date,
): Promise<Subscriber | null> {
  const known = await existingUserIds(db, [userId]);
  return known.has(userId) ? getSubscriber(db, userId, now) : null;
}

/** The first of these ids that names an account (webhooks may name a user by several ids). */
export async function firstKnownUserId(db: Database, candidates: readonly string[]): Promise<string | null> {
  const known = await existingUserIds(db, candidates);
  return candidates.find((id) => known.has(id)) ?? null;
}

/** Whether the person has had the no-card trial: it is once per person, ever. */
export const hasUsedFreeTrial = (db: Database, userId: string): Promise<boolean> =>
  hasFreeTrialRow(db, userId);

/**
 * hasUsedFreeTrial for the transaction that grants a web trial: it first takes the lock
 * startFreeTrial takes, so the answer holds until that transaction ends.
 */
export async function hasUsedFreeTrialForUpdate(tx: Database, userId: string): Promise<boolean> {
  await lockTrialOf(tx, userId);
  return hasFreeTrialRow(tx, userId);
}

/**
 * The local provider's test clock (never in production) moves a person's payment dates into the
 * past; their grants move with them, or the no-card trial would outlive a plan the clock has
 * just ended and the product would show two different moments at once.
 */
export const moveGrantsIntoPast = (db: Database, userId: string, byMs: number): Promise<void> =>
  shiftPromotionalRows(db, userId, byMs);

/** One person's trial as the entitlement rows record it. */
export type TrialRecord = EntitlementRecord & { userId: string; expiresAt: Date };

/**
 * Read-only, for the trial reminders: every person's trials of these stores ending after `after`
 * and by `until` (the no-card trial is `promotional`, a web plan's trial `stripe`).
 */
export async function trialsEndingWithin(
  db: Database,
  stores: readonly EntitlementStore[],
  after: Date,
  until: Date,
): Promise<TrialRecord[]> {
  const rows = await trialRowsEndingWithin(db, stores, after, until);
  return rows.flatMap((row) =>
    row.expiresAt ? [{ ...record(row), userId: row.userId, expiresAt: row.expiresAt }] : [],
  );
}
