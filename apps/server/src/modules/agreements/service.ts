import { TERMS_CHANGED_MESSAGE, TERMS_VERSION } from '@stillpoint/core';
import type { Database } from '../../db/client';
import type { TermsAgreementPurchaseKind } from '../../db/schema';
import { AppError } from '../../errors';
import { agreementsFor, insertAgreementOnce, setAgreementEmail, type TermsAgreementRow } from './repo';

export type { TermsAgreementPurchaseKind } from '../../db/schema';

/** The purchase an agreement came with: its kind and the provider's or our own reference. */
export interface AgreedPurchase {
  kind: TermsAgreementPurchaseKind;
  ref: string;
}

/**
 * Refuses a purchase made from a page that showed other terms than the current ones: agreeing to
 * a text the page did not show is no agreement. No version (SPEC §7 callers such as the mobile
 * apps, which show the terms themselves) passes, and then nothing is recorded.
 */
export function requireCurrentTerms(termsVersion: string | undefined): void {
  if (termsVersion === undefined || termsVersion === TERMS_VERSION) return;
  throw new AppError('CONFLICT', TERMS_CHANGED_MESSAGE);
}

/**
 * Records that the person agreed to `termsVersion` with `purchase`, once: a replayed call, or a
 * second call for the same purchase, keeps the first record. Nothing without a version.
 */
export async function recordAgreement(
  db: Database,
  agreement: {
    termsVersion: string | undefined;
    userId: string | null;
    email?: string | null;
    purchase: AgreedPurchase;
    at: Date;
  },
): Promise<void> {
  if (agreement.termsVersion === undefined) return;
  await insertAgreementOnce(db, {
    userId: agreement.userId,
    email: agreement.email ?? null,
    termsVersion: agreement.termsVersion,
    agreedAt: agreement.at,
    purchaseKind: agreement.purchase.kind,
    purchaseRef: agreement.purchase.ref,
  });
}

/** A gift bought without signing in: the buyer's address, known once their checkout completes. */
export async function recordGiftBuyerEmail(
  db: Database,
  giftPurchaseId: string,
  email: string,
): Promise<void> {
  await setAgreementEmail(db, { kind: 'gift_checkout', ref: giftPurchaseId }, email);
}

/** The agreement recorded with one purchase, if any. */
export async function agreementFor(
  db: Database,
  purchase: AgreedPurchase,
): Promise<TermsAgreementRow | null> {
  const [row] = await agreementsFor(db, purchase);
  return row ?? null;
}
