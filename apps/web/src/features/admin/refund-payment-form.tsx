import { type AdminPayment, formatPrice } from '@stillpoint/core';
import type { ReactNode } from 'react';
import { TextField } from '../../ui/text-field';
import { ActionForm } from './action-form';
import { callAdmin } from './admin-api';
import { formatDateTime } from './admin-format';
import type { ActionFormProps } from './person-action';
import { reasonProblem } from './reason';
import { amountCents, amountInput, refundAmountProblem } from './refund-amount';
import { useAdminAction } from './use-admin-action';
import { useCheckedField } from './use-checked-field';

type Refundable = Pick<AdminPayment, 'amountCents' | 'currency' | 'refundedCents'>;
type RefundInput = { amountCents: number; reason: string };
type RefundAnswer = { amountCents: number; status: string };

/** What of a payment is still to refund. */
export const remainingCents = (payment: Refundable): number =>
  Math.max(0, payment.amountCents - payment.refundedCents);

interface RefundFormProps {
  payment: Refundable;
  /** When it was paid, if known. */
  paidAt: string | null;
  /** What the refund does beyond giving the money back, in a sentence or two. */
  effect: ReactNode;
  send(input: RefundInput, idempotencyKey: string | undefined): Promise<RefundAnswer>;
  /** The person whose page shows the payment, read again once refunded; null for none. */
  refreshPerson: string | null;
  onDone(message: string): void;
  onCancel(): void;
}

/** Refunds all of a payment or part of it, through the payment provider: a plan's or a gift's. */
export function RefundForm({
  payment,
  paidAt,
  effect,
  send,
  refreshPerson,
  onDone,
  onCancel,
}: RefundFormProps) {
  const left = remainingCents(payment);
  const currency = payment.currency;
  const amount = useCheckedField(amountInput(left), (value) => refundAmountProblem(value, left, currency));
  const reason = useCheckedField('', reasonProblem);
  const action = useAdminAction({
    send,
    refreshPerson,
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
            Paid <span className="font-medium">{formatPrice(payment.amountCents, currency)}</span>
            {paidAt ? ` on ${formatDateTime(paidAt)}` : ''}
            {payment.refundedCents > 0
              ? `, ${formatPrice(payment.refundedCents, currency)} refunded already`
              : ''}
            .
          </p>
          <div className="text-sm text-muted">{effect}</div>
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

/** Refunds a person's payment; premium changes when the provider confirms it. */
export function RefundPaymentForm({
  account,
  payment,
  onDone,
  onCancel,
}: ActionFormProps & { payment: AdminPayment }) {
  return (
    <RefundForm
      payment={payment}
      paidAt={payment.paidAt}
      effect="The money goes back through the payment provider. Premium changes when the provider confirms the refund."
      send={(input, idempotencyKey) =>
        callAdmin(
          'adminRefundPayment',
          { uid: account.uid, paymentId: payment.id, ...input },
          { idempotencyKey },
        )
      }
      refreshPerson={account.uid}
      onDone={onDone}
      onCancel={onCancel}
    />
  );
}
