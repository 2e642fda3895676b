import type { ReactNode } from 'react';
import { Button } from './button';

interface FormErrorProps {
  /** What went wrong, in words; nothing shows while null. */
  message: string | null | undefined;
  /** A first line above the message, e.g. 'Error, please try again'. */
  title?: string;
}

/**
 * An error under a form. The live region is always in the page, so screen readers announce each
 * new message rather than missing one inserted along with its container.
 */
export function FormError({ message, title }: FormErrorProps) {
  return (
    <div role="alert" className="empty:hidden">
      {message ? (
        <div className="rounded-xl border border-danger/30 bg-danger/5 px-4 py-3 text-sm text-danger">
          {title ? <p className="font-semibold">{title}</p> : null}
          <p>{message}</p>
        </div>
      ) : null}
    </div>
  );
}

interface FormFooterProps {
  /** The submit button's label. */
  submitLabel: ReactNode;
  /** While the form is sent: the button is busy and cannot be pressed again. */
  loading: boolean;
  /** Nothing to send yet (e.g. an incomplete field). */
  disabled?: boolean;
  error?: string | null;
  errorTitle?: string;
  /** 'stretch': a full-width button; 'end': full width on phones, at the right from 640 px. */
  align?: 'stretch' | 'end';
}

/** The end of a form: its error, if any, above the submit button with its busy state. */
export function FormFooter({
  submitLabel,
  loading,
  disabled = false,
  error = null,
  errorTitle,
  align = 'stretch',
}: FormFooterProps) {
  return (
    <div className="flex flex-col gap-4">
      <FormError message={error} title={errorTitle} />
      <div className={align === 'end' ? 'flex justify-end' : 'flex'}>
        <Button
          type="submit"
          disabled={disabled}
          loading={loading}
          className={align === 'end' ? 'w-full sm:w-auto' : 'w-full'}
        >
          {submitLabel}
        </Button>
      </div>
    </div>
  );
}
