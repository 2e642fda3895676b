import { formatPhoneForDisplay, type SignInMethod } from '@stillpoint/core';
import { type ComponentType, useEffect, useRef } from 'react';
import { useAuth } from '../../../lib/auth/auth-context';
import { Button } from '../../../ui/button';
import { StepLayout } from '../../../ui/step-layout';
import type { FunnelAnswers } from '../funnel-storage';
import { useSaveAnswers } from '../use-save-answers';

export type FunnelSignIn = ComponentType<{
  methods: readonly SignInMethod[];
  callbackPath: string;
  providerError: string | null;
}>;

/**
 * SIGN_UP: the sign-in methods inline (SPEC §2). Signing in here moves on by itself; someone who
 * arrives signed in sees who they are and continues. Either way the answers go to the account
 * first (updateOnboardingParams), then `onSaved` moves on.
 */
export function SignUpStep({
  SignIn,
  providerError,
  answers,
  onSignedUp,
  onSaved,
}: {
  SignIn: FunnelSignIn;
  providerError: string | null;
  answers: FunnelAnswers;
  /** Told before the answers are sent (the sign-up event). */
  onSignedUp(): void;
  onSaved(): void;
}) {
  const auth = useAuth();
  const { save, saving } = useSaveAnswers(onSaved);
  const signUp = () => {
    onSignedUp();
    save(answers);
  };
  const signedIn = auth.status === 'signedIn' && auth.user !== null;
  // Only a sign-in that happens on this step continues by itself; arriving signed in asks first.
  const signedInOnArrival = useRef(signedIn);
  const latest = useRef(signUp);
  latest.current = signUp;
  useEffect(() => {
    if (signedIn && !signedInOnArrival.current) latest.current();
  }, [signedIn]);

  if (signedIn && auth.user) {
    const who = auth.user.phoneNumber ? formatPhoneForDisplay(auth.user.phoneNumber) : auth.user.email;
    return (
      <StepLayout
        title="Your account is ready"
        lead={who ? `You're signed in as ${who}.` : "You're signed in."}
        actions={
          <Button onClick={signUp} loading={saving} className="min-h-12 px-8 text-base">
            Continue
          </Button>
        }
      >
        <p className="text-muted">
          Your plan is saved to this account, so it follows you to the app on your phone and to the browser
          extension.
        </p>
      </StepLayout>
    );
  }
  return (
    <StepLayout
      title="Create your account to see your plan"
      lead="Sign in with your phone number, Google or Apple. It takes a few seconds, and your answers are kept."
    >
      <SignIn methods={[]} callbackPath="/getting-started" providerError={providerError} />
    </StepLayout>
  );
}
