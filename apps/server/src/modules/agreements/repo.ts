import { and, asc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type TermsAgreementPurchaseKind, termsAgreement } from '../../db/schema';

export interface NewTermsAgreement {
  userId: string | null;
  email: string | null;
  termsVersion: string;
  agreedAt: Date;
  purchaseKind: TermsAgreementPurchaseKind;
  purchaseRef: string;
}

/** Stores an agreement once per purchase: a replay of the same purchase inserts nothing. True when stored. */
export async function insertAgreementOnce(db: Database, agreement: NewTermsAgreement): Promise<boolean> {
  const rows = await db
    .insert(termsAgreement)
    .values(agreement)
    .onConflictDoNothing({ target: [termsAgreement.purchaseKind, termsAgreement.purchaseRef] })
    .returning({ id: termsAgreement.id });
  return rows.length > 0;
}

/** Fills in a gift buyer's address once the provider's checkout tells it, when no account was linked. */
export async function setAgreementEmail(
  db: Database,
  purchase: { kind: TermsAgreementPurchaseKind; ref: string },
  email: string,
): Promise<void> {
  await db
    .update(termsAgreement)
    .set({ email })
    .where(and(eq(termsAgreement.purchaseKind, purchase.kind), eq(termsAgreement.purchaseRef, purchase.ref)));
}

export type TermsAgreementRow = typeof termsAgreement.$inferSelect;

/** The person's agreements: made signed in, or as a gift buyer at one of their addresses. */
const agreedBy = (userId: string, emails: readonly string[]): SQL =>
  (emails.length > 0
    ? or(eq(termsAgreement.userId, userId), inArray(termsAgreement.email, [...emails]))
    : eq(termsAgreement.userId, userId)) as SQL;

export function agreementsOf(
  db: Database,
  userId: string,
  emails: readonly string[] = [],
): Promise<TermsAgreementRow[]> {
  return db
    .select()
    .from(termsAgreement)
    .where(agreedBy(userId, emails))
    .orderBy(asc(termsAgreement.agreedAt));
}

export function agreementsFor(
  db: Database,
  purchase: { kind: TermsAgreementPurchaseKind; ref: string },
): Promise<TermsAgreementRow[]> {
  return db
    .select()
    .from(termsAgreement)
    .where(and(eq(termsAgreement.purchaseKind, purchase.kind), eq(termsAgreement.purchaseRef, purchase.ref)));
}

/**
 * Keeps a person's agreements as payment records without the link to them: no user id, no
 * address, and the no-card trial's marker (which names the person) replaced by the row's own id.
 */
export async function unlinkAgreementsOf(
  db: Database,
  userId: string,
  emails: readonly string[] = [],
): Promise<number> {
  const rows = await db
    .select({ id: termsAgreement.id, purchaseKind: termsAgreement.purchaseKind })
    .from(termsAgreement)
    .where(agreedBy(userId, emails));
  for (const row of rows) {
    await db
      .update(termsAgreement)
      .set({
        userId: null,
        email: null,
        ...(row.purchaseKind === 'free_trial' ? { purchaseRef: `erased:${row.id}` } : {}),
      })
      .where(eq(termsAgreement.id, row.id));
  }
  return rows.length;
}
