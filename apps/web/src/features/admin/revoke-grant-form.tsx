import type { AdminEntitlement } from '@stillpoint/core';
import { ActionForm } from './action-form';
import { callAdmin } from './admin-api';
import { formatDateTime, personName } from './admin-format';
import type { ActionFormProps } from './person-action';
import { reasonProblem } from './reason';
import { useAdminAction } from './use-admin-action';
import { useCheckedField } from './use-checked-field';

/** Ends a support grant now. Premium from any other source is left as it is. */
export function RevokeGrantForm({
  account,
  entitlement,
  onDone,
  onCancel,
}: ActionFormProps & { entitlement: AdminEntitlement }) {
  const reason = useCheckedField('', reasonProblem);
  const action = useAdminAction({
    send: (input: { reason: string }) =>
      callAdmin('adminRevokeGrant', { uid: account.uid, entitlementId: entitlement.id, ...input }),
    refreshPerson: account.uid,
    onDone: () => onDone('The support grant is revoked.'),
  });

  const submit = () => {
    if (reason.check()) action.run({ reason: reason.value.trim() });
  };

  return (
    <ActionForm
      summary={
        <p>
          The support grant that gives <span className="font-medium break-words">{personName(account)}</span>{' '}
          premium
          {entitlement.expiresAt ? ` until ${formatDateTime(entitlement.expiresAt)}` : ''} ends now. Premium
          they have from a purchase, a gift or a trial stays.
        </p>
      }
      reason={reason.value}
      onReasonChange={reason.setValue}
      reasonError={reason.error}
      submitLabel="Revoke grant"
      destructive
      pending={action.pending}
      error={action.error}
      errorTitle="The grant was not revoked."
      onSubmit={submit}
      onCancel={onCancel}
    />
  );
}
