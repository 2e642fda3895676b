import { messages, TERMS_VERSION } from '@stillpoint/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { callApi, newIdempotencyKey } from '../../lib/api';
import { reloadSubscription, type Subscription } from '../../lib/subscription/use-subscription';
import { showSuccessToast } from '../../ui/toast';

interface FreeTrialOptions {
  /** Back from a checkout (stripe_success): the bought plan is on its way, so no trial. */
  fromCheckout: boolean;
  /** Onboarding is going ahead (not being skipped). */
  enabled: boolean;
}

/**
 * SPEC §4: onboarding starts the no-card free trial by itself, once, when there is no
 * stripe_success, the subscription is initialised and there is no entitlement. The server holds
 * the final check (once per person, ever) and answers startedTrial false otherwise. A trial
 * started is announced, and the subscription reloaded so the badge shows it. The attempt carries
 * one idempotency key per visit, so a repeat of it cannot answer differently from the first.
 * Returns whether this visit started the trial, for its confirmation.
 */
export function useFreeTrial(
  subscription: Subscription,
  { fromCheckout, enabled }: FreeTrialOptions,
): boolean {
  const queryClient = useQueryClient();
  const attempted = useRef(false);
  const [idempotencyKey] = useState(newIdempotencyKey);
  const { mutate: startTrial, data } = useMutation({
    // The terms the person agreed to at sign-in, in this same app: recorded with the trial.
    mutationFn: () => callApi('startFreeTrial', { termsVersion: TERMS_VERSION }, { idempotencyKey }),
    onSuccess: ({ startedTrial }) => {
      if (!startedTrial) return;
      showSuccessToast(messages.trialStarted);
      void reloadSubscription(queryClient);
    },
    // Onboarding goes on without it; the next visit to onboarding tries again.
    onError: (error) => console.warn('Could not start the free trial.', error),
  });

  const eligible =
    enabled && !fromCheckout && subscription.status === 'initialised' && !subscription.hasEntitlement;
  useEffect(() => {
    if (!eligible || attempted.current) return;
    attempted.current = true;
    startTrial();
  }, [eligible, startTrial]);
  return data?.startedTrial === true;
}
