import { type AdminPayment, formatPrice } from '@stillpoint/core';
import { TextField } from '../../ui/text-field';
import { ActionForm } from './action-form';
import { callAdmin } from './admin-api';
import { formatDateTime } from './admin-format';
import type { ActionFormProps } from './person-action';
import { reasonProblem } from './reason';
import { amountCents, amountInput, refundAmountProblem } from './refund-amount';
import { useAdminAction } from './use-admin-action';
import { useCheckedField } from './use-checked-field';

/** What of a payment is still to refund. */
export const remainingCents = (payment: AdminPayment): number =>
  Math.max(0, payment.amountCents - payment.refundedCents);

/** Refunds all of a payment or part of it, through the payment provider. */
export function RefundPaymentForm({
  account,
  payment,
  onDone,
  onCancel,
}: ActionFormProps & { payment: AdminPayment }) {
  const left = remainingCents(payment);
  const currency = payment.currency;
  const amount = useCheckedField(amountInput(left), (value) => refundAmountProblem(value, left, currency));
  const reason = useCheckedField('', reasonProblem);
  const action = useAdminAction({
    send: (input: { amountCents: number; reason: string }, idempotencyKey) =>
      callAdmin(
        'adminRefundPayment',
        { uid: account.uid, paymentId: payment.id, ...input },
        { idempotencyKey },
      ),
    refreshPerson: account.uid,
    onDone: (refund) =>
      onDone(
        `Refund of ${formatPrice(refund.amountCents, currency)} ${refund.status === 'succeeded' ? 'made' : `sent (${refund.status})`}.`,
      ),
  });
  // The button names the amount once it is one that can be refunded.
  const cents = refundAmountProblem(amount.value, left, currency) ? null : amountCents(amount.value);

  const submit = () => {
    const amountOk = amount.check();
    const reasonOk = reason.check();
    const typed = amountCents(amount.value);
    if (amountOk && reasonOk && typed !== null)
      action.run({ amountCents: typed, reason: reason.value.trim() });
  };

  return (
    <ActionForm
      summary={
        <div className="flex flex-col gap-2">
          <p>
            Paid <span className="font-medium">{formatPrice(payment.amountCents, currency)}</span> on{' '}
            {formatDateTime(payment.paidAt)}
            {payment.refundedCents > 0
              ? `, ${formatPrice(payment.refundedCents, currency)} refunded already`
              : ''}
            .
          </p>
          <p className="text-sm text-muted">
            The money goes back through the payment provider. Premium changes when the provider confirms the
            refund.
          </p>
        </div>
      }
      reason={reason.value}
      onReasonChange={reason.setValue}
      reasonError={reason.error}
      submitLabel={cents ? `Refund ${formatPrice(cents, currency)}` : 'Refund'}
      destructive
      pending={action.pending}
      error={action.error}
      errorTitle="The refund was not made."
      onSubmit={submit}
      onCancel={onCancel}
    >
      <TextField
        label={`Amount to refund (${currency.toUpperCase()})`}
        inputMode="decimal"
        autoComplete="off"
        value={amount.value}
        onChange={(event) => amount.setValue(event.target.value)}
        error={amount.error}
        hint={`Up to ${formatPrice(left, currency)}, all that is left of this payment.`}
      />
    </ActionForm>
  );
}
