import type { FormEvent, ReactNode } from 'react';
import { Button } from '../../ui/button';
import { FormError } from '../../ui/form-footer';
import { ReasonField } from './reason-field';

interface ActionFormProps {
  /** What the action will do, in plain words: the confirmation the admin reads before pressing. */
  summary: ReactNode;
  /** The action's own fields, above the reason. */
  children?: ReactNode;
  reason: string;
  onReasonChange(reason: string): void;
  reasonError: string | null;
  /** The button that acts names the action, e.g. 'Refund $12.00'. */
  submitLabel: string;
  destructive?: boolean;
  pending: boolean;
  /** The server's refusal, shown as it said it. */
  error: string | null;
  errorTitle: string;
  onSubmit(): void;
  onCancel(): void;
}

/** The body of every action dialog: what will happen, the fields, the reason, and the two buttons. */
export function ActionForm({
  summary,
  children,
  reason,
  onReasonChange,
  reasonError,
  submitLabel,
  destructive = false,
  pending,
  error,
  errorTitle,
  onSubmit,
  onCancel,
}: ActionFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form noValidate onSubmit={submit} aria-busy={pending || undefined} className="flex flex-col gap-4">
      <div className="text-ink">{summary}</div>
      {children}
      <ReasonField value={reason} onChange={onReasonChange} error={reasonError} />
      <FormError message={error} title={error ? errorTitle : undefined} />
      <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" className="w-full sm:w-auto" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant={destructive ? 'danger' : 'primary'}
          className="w-full sm:w-auto"
          loading={pending}
        >
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
