import type { AdminGiftPurchase } from '@stillpoint/core';
import type { SessionUser } from '../../auth/session';
import { AppError } from '../../errors';
import { requireGiftPurchase, type SupportGiftPurchase } from '../gifts/support';
import type { RefundResult } from '../payments/support';
import { recordAudit } from './audit';
import type { AdminDependencies } from './dependencies';

export const iso = (date: Date | null) => date?.toISOString() ?? null;

/** Gift purchases as the console shows them, each with its payment as the provider has it now. */
export async function toAdminGiftPurchases(
  { payments }: Pick<AdminDependencies, 'payments'>,
  purchases: readonly SupportGiftPurchase[],
): Promise<AdminGiftPurchase[]> {
  return Promise.all(
    purchases.map(async (purchase) => {
      const paid = purchase.paymentId ? await payments.payment(purchase.paymentId) : null;
      return {
        ...purchase,
        purchasedAt: purchase.purchasedAt.toISOString(),
        payment: paid
          ? { amountCents: paid.amountCents, currency: paid.currency, refundedCents: paid.refundedCents }
          : null,
        codes: purchase.codes.map((code) => ({
          ...code,
          redeemedAt: iso(code.redeemedAt),
          voidedAt: iso(code.voidedAt),
        })),
      };
    }),
  );
}

/**
 * Refunds a gift purchase's payment through the provider, then the event. Its codes change only
 * when the provider's webhook comes back (payments/refund-fulfilment.ts): the refunded share of
 * its unredeemed codes is voided there.
 */
export async function refundGiftPurchase(
  deps: AdminDependencies,
  admin: SessionUser,
  input: { giftPurchaseId: string; amountCents?: number | undefined; reason: string },
): Promise<RefundResult> {
  const purchase = await requireGiftPurchase(deps.db, input.giftPurchaseId);
  if (purchase.status !== 'paid') {
    throw new AppError('BAD_REQUEST', 'That gift purchase was never paid, so there is nothing to refund.');
  }
  // Paid before the paying charge was recorded: refund it at the provider's dashboard.
  if (!purchase.paymentId) {
    throw new AppError(
      'BAD_REQUEST',
      'That gift purchase has no recorded payment here. Refund it from the payment provider’s dashboard.',
    );
  }
  const refund = await deps.payments.refundGiftPayment({
    paymentId: purchase.paymentId,
    ...(input.amountCents !== undefined ? { amountCents: input.amountCents } : {}),
  });
  await recordAudit(deps.db, {
    actorUid: admin.id,
    action: 'refundGiftPurchase',
    targetUid: purchase.purchaserUserId,
    targetRef: purchase.id,
    reason: input.reason,
    details: {
      paymentId: purchase.paymentId,
      refundId: refund.refundId,
      amountCents: refund.amountCents,
      status: refund.status,
    },
  });
  return refund;
}
