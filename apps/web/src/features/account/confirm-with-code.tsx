import { isConfirmationCodeComplete } from '@stillpoint/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { usePress } from '../../lib/use-press';
import { Button } from '../../ui/button';
import { ConfirmationCodeField } from '../../ui/confirmation-code-field';
import { FormError, FormFooter } from '../../ui/form-footer';
import type { SignInAgain } from './sign-in-again';

const textButton =
  'min-h-11 rounded-md text-sm font-semibold text-accent hover:text-accent-strong hover:underline ' +
  'disabled:cursor-not-allowed disabled:opacity-50';

interface ConfirmWithCodeProps {
  phoneNumber: string;
  signInAgain: SignInAgain;
  /** The code was right and the new session's token is stored. */
  onVerified(): Promise<void>;
}

/** A phone account signs in again: a fresh code texted to its own number, then typed here. */
export function ConfirmWithCode({ phoneNumber, signInAgain, onVerified }: ConfirmWithCodeProps) {
  const [sent, setSent] = useState(false);
  const shownNumber = signInAgain.formatPhoneNumber(phoneNumber);
  if (!sent) {
    return (
      <SendCode
        phoneNumber={phoneNumber}
        shownNumber={shownNumber}
        signInAgain={signInAgain}
        onSent={() => setSent(true)}
      />
    );
  }
  return (
    <EnterCode
      phoneNumber={phoneNumber}
      shownNumber={shownNumber}
      signInAgain={signInAgain}
      onVerified={onVerified}
    />
  );
}

interface SendCodeProps {
  phoneNumber: string;
  shownNumber: string;
  signInAgain: SignInAgain;
  onSent(): void;
}

function SendCode({ phoneNumber, shownNumber, signInAgain, onSent }: SendCodeProps) {
  const press = usePress();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { botCheck } = signInAgain;

  async function send() {
    if (!press.start()) return;
    setSending(true);
    setError(null);
    const result = await signInAgain.sendCode(phoneNumber, botCheck.token);
    botCheck.reset();
    press.end();
    if (result.ok) {
      onSent();
      return;
    }
    setSending(false);
    setError(result.message);
  }

  return (
    <div className="flex flex-col gap-4">
      <p className="text-ink">
        To confirm it is you, we will text a code to{' '}
        <span className="font-medium whitespace-nowrap">{shownNumber}</span>.
      </p>
      {botCheck.widget}
      <FormError message={error} />
      <Button
        className="w-full"
        onClick={() => void send()}
        loading={sending}
        disabled={!signInAgain.ready || (botCheck.required && !botCheck.token)}
      >
        Send code
      </Button>
    </div>
  );
}

interface EnterCodeProps {
  phoneNumber: string;
  shownNumber: string;
  signInAgain: SignInAgain;
  onVerified(): Promise<void>;
}

function EnterCode({ phoneNumber, shownNumber, signInAgain, onVerified }: EnterCodeProps) {
  const press = usePress();
  const [code, setCode] = useState('');
  const [verifying, setVerifying] = useState(false);
  const [resending, setResending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const codeInput = useRef<HTMLInputElement>(null);
  const { botCheck } = signInAgain;

  // The code is the next thing to type; a screen reader reads the field with the number it went to.
  useEffect(() => codeInput.current?.focus(), []);

  // After a failure, back to the code (it lost focus while disabled), selected so typing replaces it.
  useEffect(() => {
    if (!error || verifying) return;
    codeInput.current?.focus();
    codeInput.current?.select();
  }, [error, verifying]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!isConfirmationCodeComplete(code) || !press.start()) return;
    setVerifying(true);
    setError(null);
    setNotice(null);
    const result = await signInAgain.verifyCode(phoneNumber, code);
    if (result.ok) {
      try {
        await onVerified();
        return;
      } catch (cause) {
        setError(cause instanceof Error ? cause.message : 'Try again in a moment.');
      } finally {
        press.end();
      }
    } else {
      press.end();
      setError(result.message);
    }
    setVerifying(false);
  }

  async function resend() {
    if (!press.start()) return;
    setResending(true);
    setError(null);
    setNotice(null);
    const result = await signInAgain.sendCode(phoneNumber, botCheck.token);
    botCheck.reset();
    press.end();
    setResending(false);
    if (result.ok) {
      setCode('');
      setNotice(`We sent a new code to ${shownNumber}.`);
      codeInput.current?.focus();
    } else {
      setError(result.message);
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
        submitLabel="Confirm"
        disabled={!isConfirmationCodeComplete(code)}
        loading={verifying}
        error={error}
      />
      {botCheck.widget}
      <div>
        <button
          type="button"
          onClick={() => void resend()}
          disabled={verifying || resending || (botCheck.required && !botCheck.token)}
          className={textButton}
        >
          {resending ? 'Sending…' : 'Resend code'}
        </button>
      </div>
    </form>
  );
}
