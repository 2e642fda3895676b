import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../errors';
import type { EmailSender } from '../../integrations/email';
import { giftConfirmationEmail } from './confirmation-email';
import { redeemUrlOf } from './fulfilment';
import {
  codesOf,
  codesOfPurchases,
  codesRedeemedBy,
  findCodeParties,
  findPurchase,
  purchasesBy,
} from './repo';

// What the support console (modules/admin) reads and does with gifts.

/** Who a gift code concerns: its purchase's signed-in buyer and its redeemer, either maybe unknown. */
export async function peopleOfGiftCode(
  db: Database,
  typed: string,
): Promise<{ buyer: string | null; redeemer: string | null }> {
  const code = typed.replace(/\s/g, '').toUpperCase();
  const parties = /^[A-Z0-9]{6}$/.test(code) ? await findCodeParties(db, code) : null;
  return { buyer: parties?.purchaserUserId ?? null, redeemer: parties?.redeemedByUserId ?? null };
}

export interface SupportGiftPurchase {
  id: string;
  status: string;
  quantity: number;
  purchasedAt: Date;
  email: string | null;
  codes: { code: string; redeemedByUid: string | null; redeemedAt: Date | null }[];
}

/** The gifts a person bought while signed in, newest first, each with its codes and their redemptions. */
export async function giftPurchasesOf(db: Database, userId: string): Promise<SupportGiftPurchase[]> {
  const purchases = await purchasesBy(db, userId);
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
    codes: codes
      .filter((code) => code.giftPurchaseId === purchase.id)
      .map((code) => ({
        code: code.code,
        redeemedByUid: code.redeemedByUserId,
        redeemedAt: code.redeemedAt,
      })),
  }));
}

/** The codes a person redeemed, newest first. */
export async function giftRedemptionsBy(db: Database, userId: string) {
  const rows = await codesRedeemedBy(db, userId);
  return rows.flatMap((row) => (row.redeemedAt ? [{ ...row, redeemedAt: row.redeemedAt }] : []));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Sends a paid purchase's confirmation e-mail with all its codes again, to the address the checkout
 * gave: the same message the payment sent (confirmation-email.ts). Answers where it went.
 */
export async function resendGiftConfirmation(
  deps: { db: Database; config: Pick<Config, 'publicUrl'>; email: EmailSender },
  giftPurchaseId: string,
): Promise<{ sentTo: string }> {
  const purchase = UUID.test(giftPurchaseId) ? await findPurchase(deps.db, giftPurchaseId) : null;
  if (!purchase) throw notFound('That gift purchase');
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
  const codes = await codesOf(deps.db, purchase.id);
  await deps.email.send(
    giftConfirmationEmail({ to: purchase.purchaserEmail, codes, redeemUrl: redeemUrlOf(deps.config) }),
  );
  return { sentTo: purchase.purchaserEmail };
}
