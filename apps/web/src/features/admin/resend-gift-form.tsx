import { ActionForm } from './action-form';
import { callAdmin } from './admin-api';
import { formatDateTime } from './admin-format';
import type { GiftFormProps } from './person-action';
import { reasonProblem } from './reason';
import { useAdminAction } from './use-admin-action';
import { useCheckedField } from './use-checked-field';

/** Sends a gift purchase's confirmation e-mail, with its codes, once more. */
export function ResendGiftForm({ purchase, refreshPerson, onDone, onCancel }: GiftFormProps) {
  const reason = useCheckedField('', reasonProblem);
  const action = useAdminAction({
    send: (input: { reason: string }, idempotencyKey) =>
      callAdmin('adminResendGiftEmail', { giftPurchaseId: purchase.id, ...input }, { idempotencyKey }),
    refreshPerson,
    onDone: ({ sentTo }) => onDone(`Gift e-mail sent to ${sentTo}.`),
  });
  const codes = purchase.codes.length === 1 ? 'its code' : `its ${purchase.codes.length} codes`;

  const submit = () => {
    if (reason.check()) action.run({ reason: reason.value.trim() });
  };

  return (
    <ActionForm
      summary={
        <p>
          The confirmation of the gift bought on {formatDateTime(purchase.purchasedAt)}, with {codes}, goes
          again to{' '}
          <span className="font-medium break-words">{purchase.email ?? 'the address the buyer gave'}</span>.
        </p>
      }
      reason={reason.value}
      onReasonChange={reason.setValue}
      reasonError={reason.error}
      submitLabel="Resend e-mail"
      pending={action.pending}
      error={action.error}
      errorTitle="The e-mail was not sent."
      onSubmit={submit}
      onCancel={onCancel}
    />
  );
}
