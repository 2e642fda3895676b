import { useId } from 'react';
import { REASON_MAX_LENGTH } from './reason';

interface ReasonFieldProps {
  value: string;
  onChange(value: string): void;
  error: string | null;
}

/** Why the admin acts: required, kept in the audit log beside the action. */
export function ReasonField({ value, onChange, error }: ReasonFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const length = value.trim().length;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        Reason
      </label>
      <textarea
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        rows={3}
        required
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        aria-invalid={error ? true : undefined}
        className="rounded-xl border border-line bg-surface px-3.5 py-2.5 text-base text-ink focus:border-accent focus:outline-none focus:ring-1 focus:ring-accent aria-invalid:border-danger"
      />
      <p id={hintId} className="flex justify-between gap-3 text-sm text-muted">
        <span>Kept in the audit log. Say why, for example the customer's request.</span>
        <span className={length > REASON_MAX_LENGTH ? 'font-medium text-danger' : undefined}>
          {length}/{REASON_MAX_LENGTH}
        </span>
      </p>
      <p id={errorId} role="alert" className="text-sm font-medium text-danger empty:hidden">
        {error}
      </p>
    </div>
  );
}
