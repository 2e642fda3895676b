import type { DeleteAccountResponse } from '@stillpoint/core';
import { TextField } from '../../ui/text-field';
import { ActionForm } from './action-form';
import { callAdmin } from './admin-api';
import { personName } from './admin-format';
import type { ActionFormProps } from './person-action';
import { reasonProblem } from './reason';
import { useAdminAction } from './use-admin-action';
import { useCheckedField } from './use-checked-field';

/** The word the admin types, as the server's contract asks for it. */
const CONFIRM_WORD = 'DELETE';

const storeNames = { app_store: 'the App Store', play_store: 'Google Play' } as const;

/** What the deletion did to the subscription, for the admin to tell the person. */
function deletedMessage({ subscription }: DeleteAccountResponse): string {
  if (subscription.cancelInStore)
    return `Account deleted. Their subscription is in ${storeNames[subscription.cancelInStore]}: only they can cancel it there.`;
  if (subscription.cancelled)
    return `Account deleted and its subscription cancelled${subscription.refunded ? ', with a refund' : ''}.`;
  return 'Account deleted.';
}

/** Deletes the account for good, as the person could themselves, once DELETE is typed. */
export function DeleteAccountForm({ account, onDone, onCancel }: ActionFormProps) {
  const confirm = useCheckedField('', (value) =>
    value.trim() === CONFIRM_WORD ? null : `Type ${CONFIRM_WORD}, in capitals, to confirm.`,
  );
  const reason = useCheckedField('', reasonProblem);
  const action = useAdminAction({
    send: (input: { reason: string }) =>
      callAdmin('adminDeleteAccount', { uid: account.uid, confirm: CONFIRM_WORD, ...input }),
    // The person is gone: their page is not read again.
    refreshPerson: null,
    onDone: (result) => onDone(deletedMessage(result)),
  });

  const submit = () => {
    const confirmed = confirm.check();
    const reasonOk = reason.check();
    if (confirmed && reasonOk) action.run({ reason: reason.value.trim() });
  };

  return (
    <ActionForm
      summary={
        <p>
          This deletes the account <span className="font-medium break-words">{personName(account)}</span> and
          everything in it, for good, as their own deletion would. It cannot be undone.
        </p>
      }
      reason={reason.value}
      onReasonChange={reason.setValue}
      reasonError={reason.error}
      submitLabel="Delete account"
      destructive
      pending={action.pending}
      error={action.error}
      errorTitle="The account was not deleted."
      onSubmit={submit}
      onCancel={onCancel}
    >
      <TextField
        label={`Type ${CONFIRM_WORD} to confirm`}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        value={confirm.value}
        onChange={(event) => confirm.setValue(event.target.value)}
        error={confirm.error}
      />
    </ActionForm>
  );
}
