import type { Database } from '../../db/client';
import { agreementsOf, unlinkAgreementsOf } from './repo';

/**
 * Account deletion: the agreements stay, as records of what was agreed with each payment, but no
 * longer name the person: neither their account nor, for a gift bought signed out, one of their
 * addresses (docs/privacy.md). Safe to run again.
 */
export async function eraseUser(tx: Database, userId: string, emails: readonly string[] = []): Promise<void> {
  await unlinkAgreementsOf(tx, userId, emails);
}

/** What the person agreed to, for their data export: one entry per purchase or trial. */
export async function exportUser(db: Database, userId: string, emails: readonly string[] = []) {
  const rows = await agreementsOf(db, userId, emails);
  return rows.map((row) => ({
    id: row.id,
    termsVersion: row.termsVersion,
    agreedAt: row.agreedAt.toISOString(),
    purchaseKind: row.purchaseKind,
    purchaseRef: row.purchaseRef,
    email: row.email,
  }));
}
