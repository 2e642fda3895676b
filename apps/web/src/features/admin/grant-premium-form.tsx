import { useState } from 'react';
import { TextField } from '../../ui/text-field';
import { ActionForm } from './action-form';
import { callAdmin } from './admin-api';
import { formatDateTime, personName } from './admin-format';
import { defaultGrantDay, grantDayProblem, grantDayRange, grantEnd } from './grant-until';
import type { ActionFormProps } from './person-action';
import { reasonProblem } from './reason';
import { useAdminAction } from './use-admin-action';
import { useCheckedField } from './use-checked-field';

/** Premium until a chosen day, as a `support` entitlement, with the reason for it. */
export function GrantPremiumForm({ account, onDone, onCancel }: ActionFormProps) {
  const [range] = useState(() => grantDayRange());
  const day = useCheckedField(defaultGrantDay(), (value) => grantDayProblem(value));
  const reason = useCheckedField('', reasonProblem);
  const action = useAdminAction({
    send: (input: { until: string; reason: string }, idempotencyKey) =>
      callAdmin('adminGrantPremium', { uid: account.uid, ...input }, { idempotencyKey }),
    refreshPerson: account.uid,
    onDone: ({ until }) => onDone(`Premium granted until ${formatDateTime(until)}.`),
  });
  const end = grantEnd(day.value);

  const submit = () => {
    const dayOk = day.check();
    const reasonOk = reason.check();
    if (dayOk && reasonOk && end) action.run({ until: end.toISOString(), reason: reason.value.trim() });
  };

  return (
    <ActionForm
      summary={
        <p>
          <span className="font-medium break-words">{personName(account)}</span> will have premium until{' '}
          {end && !grantDayProblem(day.value) ? (
            <span className="font-medium">{formatDateTime(end.toISOString())}</span>
          ) : (
            'the day you choose'
          )}
          , given by support.
        </p>
      }
      reason={reason.value}
      onReasonChange={reason.setValue}
      reasonError={reason.error}
      submitLabel="Grant premium"
      pending={action.pending}
      error={action.error}
      errorTitle="Premium was not granted."
      onSubmit={submit}
      onCancel={onCancel}
    >
      <TextField
        label="Premium until"
        type="date"
        required
        min={range.min}
        max={range.max}
        value={day.value}
        onChange={(event) => day.setValue(event.target.value)}
        error={day.error}
        hint="Through the end of that day, in your time zone."
      />
    </ActionForm>
  );
}
