import type { Database } from '../../db/client';
import { AppError, notFound } from '../../errors';
import {
  type EntitlementRow,
  endSupportRow,
  entitlementsOf,
  findEntitlement,
  upsertEntitlementUnlessNewer,
  userIdsWithSource,
} from './repo';
import { isInForce } from './subscriber';

// Premium the team grants in the support console (docs/support.md): one `support` row per person,
// which a new grant replaces and a revoke ends. Shown to clients as promotional (subscriber.ts).

/** The product a support grant is stored under, so it never touches a bought plan's row. */
export const SUPPORT_GRANT_PRODUCT = 'stillpoint_support_grant';

/** One stored entitlement as the support console shows it. */
export type SupportEntitlementView = Pick<
  EntitlementRow,
  | 'id'
  | 'productIdentifier'
  | 'store'
  | 'periodType'
  | 'purchasedAt'
  | 'expiresAt'
  | 'isSandbox'
  | 'sourceRef'
> & { inForce: boolean };

/** Every entitlement row of a person, oldest first, with whether it grants premium now. */
export async function entitlementRowsOf(
  db: Database,
  userId: string,
  now: Date,
): Promise<SupportEntitlementView[]> {
  const rows = await entitlementsOf(db, userId);
  return rows.map((row) => ({
    id: row.id,
    productIdentifier: row.productIdentifier,
    store: row.store,
    periodType: row.periodType,
    purchasedAt: row.purchasedAt,
    expiresAt: row.expiresAt,
    isSandbox: row.isSandbox,
    sourceRef: row.sourceRef,
    inForce: isInForce(row, now),
  }));
}

/** The people whose entitlement came from this payment subscription or store transaction. */
export const usersWithEntitlementSource = (db: Database, sourceRef: string, limit: number) =>
  userIdsWithSource(db, sourceRef, limit);

/** Grants premium until `until` as the person's support row (replacing an earlier grant); its id. */
export async function grantSupportPremium(
  db: Database,
  input: { userId: string; until: Date; now: Date },
): Promise<string> {
  await upsertEntitlementUnlessNewer(db, {
    userId: input.userId,
    productIdentifier: SUPPORT_GRANT_PRODUCT,
    store: 'support',
    periodType: 'promotional',
    purchasedAt: input.now,
    expiresAt: input.until,
    isSandbox: false,
    sourceRef: null,
    sourceObservedAt: input.now,
    billingIssueDetectedAt: null,
  });
  const row = await findEntitlement(db, input.userId, SUPPORT_GRANT_PRODUCT);
  if (!row) throw new Error(`support grant for ${input.userId} was not stored`);
  return row.id;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Ends a support grant now. Only support grants end here: a bought plan is refunded or cancelled
 * at its provider, whose webhook changes premium. 404 for an entitlement that is not this person's.
 */
export async function endSupportGrant(
  db: Database,
  input: { userId: string; entitlementId: string; now: Date },
): Promise<void> {
  const rows = UUID.test(input.entitlementId) ? await entitlementsOf(db, input.userId) : [];
  const row = rows.find((candidate) => candidate.id === input.entitlementId);
  if (!row) throw notFound('That entitlement');
  if (row.store !== 'support')
    throw new AppError(
      'BAD_REQUEST',
      'Only premium granted by support can be revoked here. To end a bought plan, refund its payment or cancel it with its store.',
    );
  if (!(await endSupportRow(db, input.userId, row.id, input.now)))
    throw new AppError('BAD_REQUEST', 'That grant has already ended.');
}
