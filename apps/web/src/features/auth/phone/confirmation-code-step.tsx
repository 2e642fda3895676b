import { authErrorMessage, isConfirmationCodeComplete, messages } from '@stillpoint/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { formatPhoneNumberIntl } from 'react-phone-number-input/core';
import { ConfirmationCodeField } from '../../../ui/confirmation-code-field';
import { FormFooter } from '../../../ui/form-footer';
import { sendConfirmationCode, verifyConfirmationCode } from './phone-auth';
import { usePhoneData } from './phone-data';
import type { BotCheck } from './use-bot-check';

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
      <ConfirmationCodeField
        inputRef={codeInput}
        code={code}
        onCode={(typed) => {
          setCode(typed);
          setError(null);
        }}
        shownNumber={shownNumber}
        disabled={verifying}
        invalid={Boolean(error)}
      />
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
