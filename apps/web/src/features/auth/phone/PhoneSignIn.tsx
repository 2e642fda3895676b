import { useState } from 'react';
import { ConfirmationCodeStep } from './ConfirmationCodeStep';
import { PHONE_INPUT_ID, PhoneNumberStep } from './PhoneNumberStep';

interface PhoneSignInProps {
  testPhoneNumber: string | null;
  /** SPEC §5 bot check; see botCheck.ts for where the widget's token comes from. */
  botCheckToken: string | null;
  onVerified(): Promise<boolean>;
}

type Step = { name: 'phone' } | { name: 'code'; phoneNumber: string };

/** SPEC §4 phone sign-in: enter phone, verification sent, code entry, confirm. */
export function PhoneSignIn({ testPhoneNumber, botCheckToken, onVerified }: PhoneSignInProps) {
  const [step, setStep] = useState<Step>({ name: 'phone' });
  const [lastPhoneNumber, setLastPhoneNumber] = useState<string>();

  if (step.name === 'code') {
    return (
      <ConfirmationCodeStep
        phoneNumber={step.phoneNumber}
        botCheckToken={botCheckToken}
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
      testPhoneNumber={testPhoneNumber}
      botCheckToken={botCheckToken}
      onCodeSent={(phoneNumber) => {
        setLastPhoneNumber(phoneNumber);
        setStep({ name: 'code', phoneNumber });
      }}
    />
  );
}
