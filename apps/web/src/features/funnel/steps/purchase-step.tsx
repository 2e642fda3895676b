import { messages, paywallFor } from '@stillpoint/core';
import { useAuth } from '../../../lib/auth/auth-context';
import type { PaymentOutcome } from '../../../lib/payment-form/payment-form';
import { Button } from '../../../ui/button';
import { PersonalPlanPaywall } from '../paywall/personal-plan/personal-plan-paywall';
import { TimelinePaywall } from '../paywall/timeline-paywall';

/**
 * PURCHASE: one of the two paywalls, chosen by the person's id (decision 019) and whether they
 * gave answers to make a plan from (core's paywallFor); the timeline for anyone without an id,
 * where it says that nobody is signed in (SPEC §2).
 */
export function PurchaseStep({
  hasAnswers,
  authenticationFailed,
  onComplete,
  onSignIn,
}: {
  /** Whether the funnel's answers make a plan: without them, no "Your personal plan is ready". */
  hasAnswers: boolean;
  /** Back from the provider, whose check of the card failed: said above a paywall that cannot say it itself. */
  authenticationFailed: boolean;
  onComplete(outcome: PaymentOutcome): void;
  onSignIn(): void;
}) {
  const auth = useAuth();
  const variant = paywallFor(auth.user?.uid, hasAnswers);
  if (!auth.user) {
    return (
      <div className="flex flex-col items-center gap-4 py-10 text-center" data-paywall="timeline">
        <h1 className="text-2xl font-semibold tracking-tight text-ink">Sign in to start your trial</h1>
        <p role="alert" className="text-muted">
          user not logged in
        </p>
        <Button onClick={onSignIn}>Sign in</Button>
      </div>
    );
  }
  return (
    <div data-paywall={variant} className="flex flex-col gap-6">
      {authenticationFailed && variant === 'personalPlan' ? (
        <p
          role="alert"
          className="rounded-xl border border-danger/30 bg-danger/5 px-4 py-3 text-center text-sm font-medium text-danger"
        >
          {messages.authenticationFailed}
        </p>
      ) : null}
      {variant === 'personalPlan' ? (
        <PersonalPlanPaywall onComplete={onComplete} />
      ) : (
        <TimelinePaywall onComplete={onComplete} />
      )}
    </div>
  );
}
