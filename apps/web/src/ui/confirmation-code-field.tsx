import { CONFIRMATION_CODE_LENGTH, normaliseConfirmationCodeInput } from '@stillpoint/core';
import { type Ref, useId } from 'react';

/**
 * The one-time code's field, wherever a code is asked for (sign-in, and signing in again before an
 * account is deleted): where the code went, and a numeric field the phone can fill from the text.
 */
export function ConfirmationCodeField({
  inputRef,
  code,
  onCode,
  shownNumber,
  disabled,
  invalid,
}: {
  inputRef: Ref<HTMLInputElement>;
  code: string;
  /** The code as typed, digits only; the form clears its error here. */
  onCode(code: string): void;
  /** The number the code went to, as people write it. */
  shownNumber: string;
  disabled: boolean;
  invalid: boolean;
}) {
  const inputId = useId();
  const sentToId = useId();
  return (
    <>
      <p id={sentToId} className="text-sm text-muted">
        Enter the {CONFIRMATION_CODE_LENGTH}-digit code we sent to{' '}
        <span className="font-medium whitespace-nowrap text-ink">{shownNumber}</span>.
      </p>
      <div className="flex flex-col gap-2">
        <label htmlFor={inputId} className="text-sm font-medium text-ink">
          Confirmation code
        </label>
        <input
          ref={inputRef}
          id={inputId}
          name="code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={CONFIRMATION_CODE_LENGTH}
          value={code}
          onChange={(event) => onCode(normaliseConfirmationCodeInput(event.target.value))}
          disabled={disabled}
          aria-describedby={sentToId}
          aria-invalid={invalid ? true : undefined}
          // The letter spacing trails the last digit; the extra left padding keeps the code centred.
          className="min-h-12 rounded-xl border border-line bg-surface pr-4 pl-[calc(1rem+0.5em)] text-center font-mono text-2xl tracking-[0.5em] text-ink focus:border-accent focus:outline-none focus:ring-1 focus:ring-accent disabled:opacity-60"
        />
      </div>
    </>
  );
}
