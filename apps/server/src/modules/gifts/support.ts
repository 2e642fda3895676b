import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../errors';
import type { EmailSender } from '../../integrations/email';
import { giftConfirmationEmail } from './confirmation-email';
import { redeemUrlOf } from './fulfilment';
import {
  codesOfPurchases,
  codesRedeemedBy,
  findCodeParties,
  findPurchase,
  findPurchasesNamedBy,
  type GiftPurchaseRow,
  liveCodesOf,
  purchasesBy,
} from './repo';

// What the support console (modules/admin) reads and does with gifts.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A typed text as a gift code (upper case, without spaces), or null when it cannot be one. */
function asGiftCode(typed: string): string | null {
  const code = typed.replace(/\s/g, '').toUpperCase();
  return /^[A-Z0-9]{6}$/.test(code) ? code : null;
}

/** Who a gift code concerns: its purchase's signed-in buyer and its redeemer, either maybe unknown. */
export async function peopleOfGiftCode(
  db: Database,
  typed: string,
): Promise<{ buyer: string | null; redeemer: string | null }> {
  const code = asGiftCode(typed);
  const parties = code ? await findCodeParties(db, code) : null;
  return { buyer: parties?.purchaserUserId ?? null, redeemer: parties?.redeemedByUserId ?? null };
}

export interface SupportGiftPurchase {
  id: string;
  status: string;
  quantity: number;
  purchasedAt: Date;
  email: string | null;
  paymentId: string | null;
  codes: { code: string; redeemedByUid: string | null; redeemedAt: Date | null; voidedAt: Date | null }[];
}

/** The gifts a person bought while signed in, newest first, each with its codes and their redemptions. */
export async function giftPurchasesOf(db: Database, userId: string): Promise<SupportGiftPurchase[]> {
  return withCodes(db, await purchasesBy(db, userId));
}

/**
 * The gift purchases a typed text names, newest first, at most `limit`: a purchase id, the charge
 * that paid it, one of its codes, or the buyer's e-mail. A guest's purchase is found this way only.
 */
export async function giftPurchasesNamedBy(
  db: Database,
  typed: string,
  limit: number,
): Promise<SupportGiftPurchase[]> {
  const q = typed.trim();
  const purchases = await findPurchasesNamedBy(
    db,
    {
      id: UUID.test(q) ? q : null,
      paymentId: q.startsWith('ch_') ? q : null,
      code: asGiftCode(q),
      email: q.includes('@') ? q : null,
    },
    limit,
  );
  return withCodes(db, purchases);
}

async function withCodes(db: Database, purchases: GiftPurchaseRow[]): Promise<SupportGiftPurchase[]> {
  const codes = await codesOfPurchases(
    db,
    purchases.map((purchase) => purchase.id),
  );
  return purchases.map((purchase) => ({
    id: purchase.id,
    status: purchase.status,
    quantity: purchase.quantity,
    purchasedAt: purchase.paidAt ?? purchase.createdAt,
    email: purchase.purchaserEmail,
    paymentId: purchase.paymentId,
    codes: codes
      .filter((code) => code.giftPurchaseId === purchase.id)
      .map((code) => ({
        code: code.code,
        redeemedByUid: code.redeemedByUserId,
        redeemedAt: code.redeemedAt,
        voidedAt: code.voidedAt,
      })),
  }));
}

/** The codes a person redeemed, newest first. */
export async function giftRedemptionsBy(db: Database, userId: string) {
  const rows = await codesRedeemedBy(db, userId);
  return rows.flatMap((row) => (row.redeemedAt ? [{ ...row, redeemedAt: row.redeemedAt }] : []));
}

/**
 * Sends a paid purchase's confirmation e-mail again, with the codes no refund has voided, to the
 * address the checkout gave: the same message the payment sent (confirmation-email.ts). Answers
 * where it went, and whose purchase it was when the buyer was signed in.
 */
export async function resendGiftConfirmation(
  deps: { db: Database; config: Pick<Config, 'publicUrl'>; email: EmailSender },
  giftPurchaseId: string,
): Promise<{ sentTo: string; buyerUid: string | null }> {
  const purchase = await requireGiftPurchase(deps.db, giftPurchaseId);
  if (purchase.status !== 'paid')
    throw new AppError(
      'BAD_REQUEST',
      'That gift purchase is not paid, so it has no confirmation e-mail to send.',
    );
  if (!purchase.purchaserEmail)
    throw new AppError(
      'BAD_REQUEST',
      'That gift purchase has no e-mail address to send its confirmation to.',
    );
  // A code a refund voided is not sent again: it would read as a gift that still works.
  const codes = await liveCodesOf(deps.db, purchase.id);
  if (codes.length === 0)
    throw new AppError(
      'BAD_REQUEST',
      'Every code of that gift purchase was refunded, so there is nothing to send.',
    );
  await deps.email.send(
    giftConfirmationEmail({ to: purchase.purchaserEmail, codes, redeemUrl: redeemUrlOf(deps.config) }),
  );
  return { sentTo: purchase.purchaserEmail, buyerUid: purchase.purchaserUserId };
}

/** A purchase support acts on by its id; 404 for an id that names none. */
export async function requireGiftPurchase(db: Database, giftPurchaseId: string): Promise<GiftPurchaseRow> {
  const purchase = UUID.test(giftPurchaseId) ? await findPurchase(db, giftPurchaseId) : null;
  if (!purchase) throw notFound('That gift purchase');
  return purchase;
}
