import { callAdmin } from './admin-api';
import type { GiftFormProps } from './person-action';
import { RefundForm } from './refund-payment-form';

const codesText = (n: number) => (n === 1 ? '1 code' : `${n} codes`);

/**
 * Refunds a gift purchase, all of it or part. The dialog says what happens to its codes: the
 * refunded share of them is voided, from the unredeemed ones only (docs/support.md).
 */
export function RefundGiftForm({ purchase, refreshPerson, onDone, onCancel }: GiftFormProps) {
  const payment = purchase.payment;
  if (!payment) return <p>This gift purchase has no payment to refund.</p>;
  const unredeemed = purchase.codes.filter((code) => !code.redeemedAt && !code.voidedAt).length;
  const redeemed = purchase.codes.filter((code) => code.redeemedAt).length;
  return (
    <RefundForm
      payment={payment}
      paidAt={purchase.purchasedAt}
      effect={
        <>
          <p>
            {codesText(unredeemed)} of {purchase.quantity} {unredeemed === 1 ? 'is' : 'are'} unredeemed
            {redeemed > 0 ? `; ${codesText(redeemed)} redeemed` : ''}. Each code's share of the price voids
            one unredeemed code when the provider confirms the refund; less than a code's share voids none.
          </p>
          <p>
            A full refund voids every unredeemed code. A redeemed code is its recipient's and keeps its year.
          </p>
        </>
      }
      send={(input, idempotencyKey) =>
        callAdmin('adminRefundGiftPurchase', { giftPurchaseId: purchase.id, ...input }, { idempotencyKey })
      }
      refreshPerson={refreshPerson}
      onDone={onDone}
      onCancel={onCancel}
    />
  );
}
