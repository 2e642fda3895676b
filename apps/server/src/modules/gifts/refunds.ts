import type { Database } from '../../db/client';
import { lockPurchaseByPayment, voidUnredeemedCodes } from './repo';

/** The charge that paid a gift, as the provider has it now (never as a webhook's payload says). */
export interface GiftPayment {
  id: string;
  amountCents: number;
  refundedCents: number;
}

/**
 * How many of a purchase's codes a refund voids: the refunded share of the codes, rounded down
 * (docs/payments.md, "Refunds"). A refund of less than one code's price voids none.
 */
export function codesToVoid(payment: GiftPayment, quantity: number): number {
  if (payment.amountCents <= 0) return 0;
  const share = Math.floor((payment.refundedCents * quantity) / payment.amountCents);
  return Math.max(0, Math.min(quantity, share));
}

/**
 * Brings a purchase's voided codes up to its payment's refunded share, from its unredeemed codes
 * only: a redeemed code is its recipient's and keeps its year. Decides from the payment as the
 * provider has it now, so it is idempotent and order-tolerant: it runs on `charge.refunded` and
 * again once the gift's checkout is paid (a refund may arrive before it). The purchase row is
 * locked for the count and the UPDATE, so two deliveries at once void the right number between
 * them. Null when no purchase was paid by this charge (yet).
 */
export async function reconcileGiftRefund(
  db: Database,
  payment: GiftPayment,
  now: Date,
): Promise<{ giftPurchaseId: string; voided: number } | null> {
  return db.transaction(async (tx) => {
    const purchase = await lockPurchaseByPayment(tx, payment.id);
    if (!purchase) return null;
    const target = codesToVoid(payment, purchase.quantity);
    const missing = target - purchase.voidedCodes;
    const voided = missing > 0 ? await voidUnredeemedCodes(tx, purchase.id, missing, now) : 0;
    return { giftPurchaseId: purchase.id, voided };
  });
}
