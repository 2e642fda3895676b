import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type EntitlementStore, entitlement, freeTrial } from '../../db/schema';

export type EntitlementRow = typeof entitlement.$inferSelect;
export type EntitlementValues = Omit<EntitlementRow, 'id' | 'createdAt' | 'updatedAt'>;

export const entitlementsOf = (db: Database, userId: string): Promise<EntitlementRow[]> =>
  db
    .select()
    .from(entitlement)
    .where(eq(entitlement.userId, userId))
    .orderBy(asc(entitlement.purchasedAt), asc(entitlement.productIdentifier));

export async function findEntitlement(
  db: Database,
  userId: string,
  productIdentifier: string,
): Promise<EntitlementRow | null> {
  const [row] = await db
    .select()
    .from(entitlement)
    .where(and(eq(entitlement.userId, userId), eq(entitlement.productIdentifier, productIdentifier)));
  return row ?? null;
}

/**
 * Inserts the user's row for the product, or replaces it, unless the stored row was observed
 * later than this one: the condition sits in the upsert itself, so two writers racing on the same
 * row cannot both win. True when the row was written.
 */
export async function upsertEntitlementUnlessNewer(
  db: Database,
  values: EntitlementValues,
): Promise<boolean> {
  const excluded = (column: string) => sql.raw(`excluded.${column}`);
  const written = await db
    .insert(entitlement)
    .values(values)
    .onConflictDoUpdate({
      target: [entitlement.userId, entitlement.productIdentifier],
      set: {
        store: excluded('store'),
        periodType: excluded('period_type'),
        purchasedAt: excluded('purchased_at'),
        expiresAt: excluded('expires_at'),
        isSandbox: excluded('is_sandbox'),
        sourceRef: excluded('source_ref'),
        sourceObservedAt: excluded('source_observed_at'),
        billingIssueDetectedAt: excluded('billing_issue_detected_at'),
        updatedAt: sql`now()`,
      },
      setWhere: sql`${entitlement.sourceObservedAt} is null or ${entitlement.sourceObservedAt} <= excluded.source_observed_at`,
    })
    .returning({ id: entitlement.id });
  return written.length > 0;
}

/** Records that the user started the no-card trial; false when they already had (or are having) it. */
export async function insertFreeTrialIfMissing(
  db: Database,
  userId: string,
  startedAt: Date,
): Promise<boolean> {
  const inserted = await db
    .insert(freeTrial)
    .values({ userId, startedAt })
    .onConflictDoNothing({ target: freeTrial.userId })
    .returning({ userId: freeTrial.userId });
  return inserted.length > 0;
}

/**
 * Serialises, until the transaction ends, the decision on the person's one trial: startFreeTrial
 * and the fulfilment of a web trial both take it, so of the two racing only the first grants.
 */
export async function lockTrialOf(tx: Database, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`trial:${userId}`}))`);
}

export async function hasFreeTrialRow(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: freeTrial.userId })
    .from(freeTrial)
    .where(eq(freeTrial.userId, userId));
  return row !== undefined;
}

/** Moves the user's promotional grants (the no-card trial) `byMs` into the past. */
export async function shiftPromotionalRows(db: Database, userId: string, byMs: number): Promise<void> {
  const by = sql`make_interval(secs => ${byMs / 1000})`;
  await db
    .update(entitlement)
    .set({
      purchasedAt: sql`${entitlement.purchasedAt} - ${by}`,
      expiresAt: sql`${entitlement.expiresAt} - ${by}`,
    })
    .where(and(eq(entitlement.userId, userId), eq(entitlement.store, 'promotional')));
}

/**
 * Every user's trials (period type `trial`) of these stores that end after `after` and by `until`,
 * read through the trials' own index (`entitlement_trial_expires_at_idx`). The query itself, so a
 * test can ask the database how it runs it.
 */
export const trialRowsEndingWithin = (
  db: Database,
  stores: readonly EntitlementStore[],
  after: Date,
  until: Date,
) =>
  db
    .select()
    .from(entitlement)
    .where(
      and(
        eq(entitlement.periodType, 'trial'),
        inArray(entitlement.store, [...stores]),
        gt(entitlement.expiresAt, after),
        lte(entitlement.expiresAt, until),
      ),
    )
    .orderBy(asc(entitlement.expiresAt));

/** The people holding an entitlement from this source (a payment subscription, a store transaction). */
export async function userIdsWithSource(db: Database, sourceRef: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ userId: entitlement.userId })
    .from(entitlement)
    .where(eq(entitlement.sourceRef, sourceRef))
    .limit(limit);
  return rows.map((row) => row.userId);
}

/** Ends a support grant now: only a `support` row of this person, and only while it is in force. */
export async function endSupportRow(
  db: Database,
  userId: string,
  entitlementId: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(entitlement)
    .set({ expiresAt: now, sourceObservedAt: now })
    .where(
      and(
        eq(entitlement.id, entitlementId),
        eq(entitlement.userId, userId),
        eq(entitlement.store, 'support'),
        gt(entitlement.expiresAt, now),
      ),
    )
    .returning({ id: entitlement.id });
  return rows.length > 0;
}
