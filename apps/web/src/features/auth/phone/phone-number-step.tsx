import { authErrorMessage, CONFIRMATION_CODE_LENGTH, messages } from '@stillpoint/core';
import { type FormEvent, useId, useState } from 'react';
import { isValidPhoneNumber } from 'react-phone-number-input/core';
import { FormFooter } from '../../../ui/form-footer';
import { sendConfirmationCode } from './phone-auth';
import { usePhoneData } from './phone-data';
import { PhoneNumberField } from './phone-number-field';
import type { BotCheck } from './use-bot-check';

export const PHONE_INPUT_ID = 'signin-phone-number';

interface PhoneNumberStepProps {
  /** The number typed before, when coming back with 'Use a different number'. */
  initialPhoneNumber: string | undefined;
  /** The server's test numbers, accepted although they are not real ones (555 numbers are fictional). */
  testPhoneNumbers: readonly string[];
  botCheck: BotCheck;
  onCodeSent(phoneNumber: string): void;
}

/** SPEC §2 phone sign-in, first step: the number, then Continue (enabled only for a valid number). */
export function PhoneNumberStep({
  initialPhoneNumber,
  testPhoneNumbers,
  botCheck,
  onCodeSent,
}: PhoneNumberStepProps) {
  const [phoneNumber, setPhoneNumber] = useState(initialPhoneNumber);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const hintId = useId();
  // Until every country's data is shown, only a United States number can be valid.
  const { metadata } = usePhoneData();

  const acceptable =
    phoneNumber !== undefined &&
    (testPhoneNumbers.includes(phoneNumber) || isValidPhoneNumber(phoneNumber, metadata));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!acceptable || sending || (botCheck.required && !botCheck.token)) return;
    setSending(true);
    setError(null);
    const result = await sendConfirmationCode(phoneNumber, botCheck.token);
    botCheck.reset();
    setSending(false);
    if (result.ok) onCodeSent(phoneNumber);
    else setError(authErrorMessage(result.error));
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <label htmlFor={PHONE_INPUT_ID} className="text-sm font-medium text-ink">
          Phone number
        </label>
        <PhoneNumberField
          id={PHONE_INPUT_ID}
          value={phoneNumber}
          onChange={(value) => {
            setPhoneNumber(value);
            setError(null);
          }}
          disabled={sending}
          describedBy={hintId}
        />
        <p id={hintId} className="text-xs text-muted">
          We'll text you a {CONFIRMATION_CODE_LENGTH}-digit code to sign in. Standard rates may apply.
        </p>
      </div>
      {botCheck.widget}
      <FormFooter
        submitLabel="Continue"
        disabled={!acceptable || (botCheck.required && !botCheck.token)}
        loading={sending}
        error={error}
        errorTitle={messages.phoneSignInFailed}
      />
    </form>
  );
}
