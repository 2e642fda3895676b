import { asc, eq, getTableName } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { entitlement, freeTrial } from '../../db/schema';

// Account deletion and export (docs/privacy.md): entitlements and the no-card trial go with the user
// row (the foreign keys cascade), so only the export needs this module.

/** What the person bought or was granted, and when their no-card trial started. */
export async function exportUser(db: Database, userId: string) {
  const [entitlements, trials] = await Promise.all([
    db.select().from(entitlement).where(eq(entitlement.userId, userId)).orderBy(asc(entitlement.purchasedAt)),
    db.select().from(freeTrial).where(eq(freeTrial.userId, userId)),
  ]);
  return { [getTableName(entitlement)]: entitlements, [getTableName(freeTrial)]: trials };
}
