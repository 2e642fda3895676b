import type { Account, DeleteAccountResponse } from '@stillpoint/core';
import { useState } from 'react';
import { brand } from '../../lib/brand';
import { usePress } from '../../lib/use-press';
import { Button } from '../../ui/button';
import { FormError } from '../../ui/form-footer';
import { CONFIRM_DELETE_PATH } from './account-paths';
import { isFreshSignIn } from './account-query';
import { ConfirmDeletion } from './confirm-deletion';
import { ConfirmWithCode } from './confirm-with-code';
import type { Provider, SignInAgain } from './sign-in-again';

interface DeleteAccountFlowProps {
  account: Account;
  accountName: string;
  signInAgain: SignInAgain;
  /** Why the last provider sign-in came back without one, if it did. */
  returnError: string | null;
  /** A new sign-in is done: reads the account again, now with its fresh sign-in. */
  onSignedInAgain(): Promise<void>;
  onDeleted(result: DeleteAccountResponse): void;
  onKeep(): void;
}

const providerNames: Record<Provider, string> = { google: 'Google', apple: 'Apple' };

/**
 * The deletion dialog's steps: with a fresh sign-in (just signed in, or back from signing in
 * again) straight to the last confirmation; otherwise first a sign-in the way the account signs
 * in: a code to its number, or its Google or Apple account.
 */
export function DeleteAccountFlow({
  account,
  accountName,
  signInAgain,
  returnError,
  onSignedInAgain,
  onDeleted,
  onKeep,
}: DeleteAccountFlowProps) {
  const [signInNeeded, setSignInNeeded] = useState<string | null>(null);

  if (isFreshSignIn(account.freshSignInUntil) && signInNeeded === null) {
    return (
      <ConfirmDeletion
        accountName={accountName}
        onDeleted={onDeleted}
        onSignInNeeded={setSignInNeeded}
        onKeep={onKeep}
      />
    );
  }

  const providers = (['google', 'apple'] as const).filter((provider) =>
    account.signInMethods.includes(provider === 'google' ? 'GOOGLE' : 'APPLE'),
  );
  const phoneNumber = account.signInMethods.includes('PHONE_NUMBER') ? account.phoneNumber : null;
  const signedInAgain = async () => {
    await onSignedInAgain();
    setSignInNeeded(null);
  };

  return (
    <div className="flex flex-col gap-5">
      <FormError message={signInNeeded ?? returnError} />
      {phoneNumber ? (
        <ConfirmWithCode phoneNumber={phoneNumber} signInAgain={signInAgain} onVerified={signedInAgain} />
      ) : null}
      {providers.length > 0 ? (
        <ProviderSignIn providers={providers} signInAgain={signInAgain} onSignedIn={signedInAgain} />
      ) : null}
      {!phoneNumber && providers.length === 0 ? (
        <p className="text-ink">
          This account has no way to sign in again here. Write to {brand.supportEmail} and we will delete it
          for you.
        </p>
      ) : null}
    </div>
  );
}

interface ProviderSignInProps {
  providers: readonly Provider[];
  signInAgain: SignInAgain;
  onSignedIn(): Promise<void>;
}

function ProviderSignIn({ providers, signInAgain, onSignedIn }: ProviderSignInProps) {
  const press = usePress();
  const [pending, setPending] = useState<Provider | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function start(provider: Provider) {
    if (!press.start()) return;
    setPending(provider);
    setError(null);
    try {
      const outcome = await signInAgain.continueWith(provider, CONFIRM_DELETE_PATH);
      // Leaving for the provider: busy until the page goes.
      if (outcome.status === 'redirecting') return;
      if (outcome.status === 'signedIn') await onSignedIn();
      else setError(outcome.message);
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : 'Try again in a moment.');
    } finally {
      press.end();
    }
    setPending(null);
  }

  return (
    <div className="flex flex-col gap-3">
      <p className="text-ink">To confirm it is you, sign in again.</p>
      {providers.map((provider) => (
        <Button
          key={provider}
          variant="secondary"
          className="w-full"
          loading={pending === provider}
          disabled={!signInAgain.ready || (pending !== null && pending !== provider)}
          onClick={() => void start(provider)}
        >
          Continue with {providerNames[provider]} to confirm
        </Button>
      ))}
      <FormError message={error} />
    </div>
  );
}
