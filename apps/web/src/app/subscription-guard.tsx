import { messages } from '@stillpoint/core';
import { type ReactNode, useEffect, useRef } from 'react';
import { useSubscription } from '../lib/subscription/use-subscription';
import { PageSpinner } from '../ui/page-spinner';
import { showErrorToast } from '../ui/toast';

/**
 * SPEC §2's second guard, inside the signed-in layout: a spinner while the subscription loads,
 * then the pages. SPEC says it reads stripe_success and does nothing with it, so it does not read
 * it: the subscription page confirms a purchase and onboarding holds the trial back for it.
 * A failed fetch is announced (SPEC §8) and the pages still open: they work without a plan.
 */
export function RequireSubscription({ children }: { children: ReactNode }) {
  const { status, failedAt } = useSubscription();
  // A failure from before this mount (say, before a trip to a standalone page) was announced then.
  const failedBeforeMount = useRef(failedAt);

  useEffect(() => {
    if (failedAt === 0 || failedAt === failedBeforeMount.current) return;
    // A fixed id: several failures in a row show one toast, not a stack.
    showErrorToast(messages.subscriptionFetchFailed, { id: 'subscription-fetch-failed' });
  }, [failedAt]);

  if (status === 'loading' || status === 'notInitialised') {
    return <PageSpinner label="Loading your subscription" />;
  }
  return children;
}
