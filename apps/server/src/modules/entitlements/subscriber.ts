import type { Subscriber } from '@stillpoint/core';
import type { EntitlementRow } from './repo';

type Row = Pick<
  EntitlementRow,
  'productIdentifier' | 'store' | 'periodType' | 'purchasedAt' | 'expiresAt' | 'isSandbox'
> &
  Partial<Pick<EntitlementRow, 'billingIssueDetectedAt'>>;

/** Counts while its expiry is in the future; a row without one never lapses (lifetime). */
export const isInForce = (row: Pick<Row, 'expiresAt'>, now: Date): boolean =>
  row.expiresAt === null || row.expiresAt.getTime() > now.getTime();

// Never-expiring rows sort above every date.
const expiryRank = (row: Row) => row.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY;

const later = (a: Row, b: Row): Row => {
  if (expiryRank(a) !== expiryRank(b)) return expiryRank(a) > expiryRank(b) ? a : b;
  return a.purchasedAt.getTime() >= b.purchasedAt.getTime() ? a : b;
};

/**
 * The row behind entitlements.premium: of the rows in force, the one lasting longest; with none in
 * force, the one that ended last, so a lapsed subscriber still reads "subscription expired" rather
 * than looking like someone who never subscribed. Null without rows.
 */
export function premiumRow<R extends Row>(rows: readonly R[], now: Date): R | null {
  const inForce = rows.filter((row) => isInForce(row, now));
  const candidates = inForce.length > 0 ? inForce : rows;
  if (candidates.length === 0) return null;
  return candidates.reduce((best, row) => later(best, row) as R);
}

/**
 * The store a subscriber entry names. A support grant reads as `promotional`, RevenueCat's word for
 * premium given rather than bought: SPEC §3's store list is what every client and the mobile app's
 * back ends know, and to them a support grant is just that (docs/support.md).
 */
const subscriberStore = (store: Row['store']): Subscriber['subscriptions'][string]['store'] =>
  store === 'support' ? 'promotional' : store;

/** The SPEC §3 subscriber object, as the entitlement service reports it, from the user's rows. */
export function subscriberFromRows(rows: readonly Row[], now: Date): Subscriber {
  const subscriptions: Subscriber['subscriptions'] = {};
  for (const row of rows) {
    subscriptions[row.productIdentifier] = {
      expires_date: row.expiresAt?.toISOString() ?? null,
      purchase_date: row.purchasedAt.toISOString(),
      period_type: row.periodType,
      store: subscriberStore(row.store),
      is_sandbox: row.isSandbox,
      billing_issues_detected_at: row.billingIssueDetectedAt?.toISOString() ?? null,
    };
  }
  const premium = premiumRow(rows, now);
  return {
    entitlements: premium
      ? {
          premium: {
            product_identifier: premium.productIdentifier,
            expires_date: premium.expiresAt?.toISOString() ?? null,
            purchase_date: premium.purchasedAt.toISOString(),
          },
        }
      : {},
    subscriptions,
  };
}
