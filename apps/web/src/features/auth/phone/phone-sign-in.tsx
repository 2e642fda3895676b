import type { AuthConfig } from '@stillpoint/core';
import { useState } from 'react';
import { ConfirmationCodeStep } from './confirmation-code-step';
import { PHONE_INPUT_ID, PhoneNumberStep } from './phone-number-step';
import { useBotCheck } from './use-bot-check';

interface PhoneSignInProps {
  /** The server's test numbers (E.164), accepted although they are not real ones. */
  testPhoneNumbers: readonly string[];
  /** SPEC §5 bot check: the provider and site key when the server requires one. */
  captcha: AuthConfig['captcha'];
  onVerified(): Promise<boolean>;
}

type Step = { name: 'phone' } | { name: 'code'; phoneNumber: string };

/** SPEC §4 phone sign-in: enter phone, verification sent, code entry, confirm. */
export function PhoneSignIn({ testPhoneNumbers, captcha, onVerified }: PhoneSignInProps) {
  const botCheck = useBotCheck(captcha);
  const [step, setStep] = useState<Step>({ name: 'phone' });
  const [lastPhoneNumber, setLastPhoneNumber] = useState<string>();

  if (step.name === 'code') {
    return (
      <ConfirmationCodeStep
        phoneNumber={step.phoneNumber}
        botCheck={botCheck}
        onVerified={onVerified}
        onUseDifferentNumber={() => {
          setStep({ name: 'phone' });
          // Back to the number, with focus where the person will type.
          requestAnimationFrame(() => document.getElementById(PHONE_INPUT_ID)?.focus());
        }}
      />
    );
  }
  return (
    <PhoneNumberStep
      initialPhoneNumber={lastPhoneNumber}
      testPhoneNumbers={testPhoneNumbers}
      botCheck={botCheck}
      onCodeSent={(phoneNumber) => {
        setLastPhoneNumber(phoneNumber);
        setStep({ name: 'code', phoneNumber });
      }}
    />
  );
}
