import {
  authErrorMessage,
  CONFIRMATION_CODE_LENGTH,
  isConfirmationCodeComplete,
  messages,
  normaliseConfirmationCodeInput,
} from '@stillpoint/core';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { formatPhoneNumberIntl } from 'react-phone-number-input/core';
import { FormFooter } from '../../../ui/FormFooter';
import { sendConfirmationCode, verifyConfirmationCode } from './phoneAuth';
import { usePhoneData } from './phoneData';
import type { BotCheck } from './useBotCheck';

/** The two quieter actions under Submit: plain text buttons, so both fit on one line at 375px. */
const textButton =
  'min-h-11 rounded-md text-sm font-semibold text-accent hover:text-accent-strong hover:underline ' +
  'disabled:cursor-not-allowed disabled:opacity-50';

interface ConfirmationCodeStepProps {
  phoneNumber: string;
  /** A resend needs a fresh bot-check token when the server asks for one. */
  botCheck: BotCheck;
  /** Re-reads the session after a successful verify; false when no session came of it. */
  onVerified(): Promise<boolean>;
  onUseDifferentNumber(): void;
}

/** SPEC §2 phone sign-in, second step: the 6-digit code (Submit disabled under 6), resend, go back. */
export function ConfirmationCodeStep({
  phoneNumber,
  botCheck,
  onVerified,
  onUseDifferentNumber,
}: ConfirmationCodeStepProps) {
  const [code, setCode] = useState('');
  const [verifying, setVerifying] = useState(false);
  const [resending, setResending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const codeInput = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const sentToId = useId();
  const { metadata } = usePhoneData();
  const shownNumber = formatPhoneNumberIntl(phoneNumber, metadata) || phoneNumber;

  // Arriving at this step moves focus to the code, as the person's next task (and a screen
  // reader then reads the field with the sentence naming the number).
  useEffect(() => codeInput.current?.focus(), []);

  // After a failure, back to the code (it lost focus while disabled), selected so typing replaces it.
  useEffect(() => {
    if (!error || verifying) return;
    codeInput.current?.focus();
    codeInput.current?.select();
  }, [error, verifying]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!isConfirmationCodeComplete(code) || verifying) return;
    setVerifying(true);
    setError(null);
    setNotice(null);
    const result = await verifyConfirmationCode(phoneNumber, code);
    const signedIn = result.ok && (await onVerified());
    // On success the page moves on; the button stays busy until it does.
    if (signedIn) return;
    setVerifying(false);
    setError(authErrorMessage(result.ok ? { code: 'SESSION_EXPIRED' } : result.error));
  }

  async function resend() {
    setResending(true);
    setError(null);
    setNotice(null);
    const result = await sendConfirmationCode(phoneNumber, botCheck.token);
    botCheck.reset();
    setResending(false);
    if (result.ok) {
      setCode('');
      setNotice(`We sent a new code to ${shownNumber}.`);
      codeInput.current?.focus();
    } else {
      setError(authErrorMessage(result.error));
    }
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p id={sentToId} className="text-sm text-muted">
        Enter the {CONFIRMATION_CODE_LENGTH}-digit code we sent to{' '}
        <span className="font-medium whitespace-nowrap text-ink">{shownNumber}</span>.
      </p>
      <div className="flex flex-col gap-2">
        <label htmlFor={inputId} className="text-sm font-medium text-ink">
          Confirmation code
        </label>
        <input
          ref={codeInput}
          id={inputId}
          name="code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={CONFIRMATION_CODE_LENGTH}
          value={code}
          onChange={(event) => {
            setCode(normaliseConfirmationCodeInput(event.target.value));
            setError(null);
          }}
          disabled={verifying}
          aria-describedby={sentToId}
          aria-invalid={error ? true : undefined}
          // The letter spacing trails the last digit; the extra left padding keeps the code centred.
          className="min-h-12 rounded-xl border border-line bg-surface pr-4 pl-[calc(1rem+0.5em)] text-center font-mono text-2xl tracking-[0.5em] text-ink focus:border-accent focus:outline-none focus:ring-1 focus:ring-accent disabled:opacity-60"
        />
      </div>
      <p role="status" className="text-sm text-accent-strong empty:hidden">
        {notice}
      </p>
      <FormFooter
        submitLabel="Submit"
        disabled={!isConfirmationCodeComplete(code)}
        loading={verifying}
        error={error}
        errorTitle={messages.phoneSignInFailed}
      />
      {botCheck.widget}
      <div className="flex items-center justify-between gap-3">
        <button
          type="button"
          onClick={resend}
          disabled={verifying || resending || (botCheck.required && !botCheck.token)}
          className={textButton}
        >
          {resending ? 'Sending…' : 'Resend code'}
        </button>
        <button type="button" onClick={onUseDifferentNumber} disabled={verifying} className={textButton}>
          Use a different number
        </button>
      </div>
    </form>
  );
}
