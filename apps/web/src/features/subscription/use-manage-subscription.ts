import { ApiError } from '@stillpoint/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { billingPortal } from '../../lib/subscription/billing-portal';
import type { Subscription } from '../../lib/subscription/use-subscription';
import { showErrorToast } from '../../ui/toast';

export const MANAGE_FAILED_MESSAGE = "We couldn't open your subscription settings. Please try again.";
export const NOWHERE_TO_MANAGE_MESSAGE =
  "Your subscription can't be managed from here right now. Please try again in a moment.";

class NowhereToManage extends Error {}

/**
 * 'Manage subscription': billing-portal sessions are short-lived and the page's plan may be minutes
 * old, so pressing it asks the server for the plan again (which opens a fresh portal session) and
 * then leaves for that managementUrl. It stays pending while the browser leaves, so the button
 * keeps its busy state; a failure says so in an error toast and leaves the person where they are.
 */
export function useManageSubscription({ fetchLatest }: Pick<Subscription, 'fetchLatest'>) {
  const manage = useMutation({
    mutationFn: async () => {
      const latest = await fetchLatest();
      if (!latest?.managementUrl) throw new NowhereToManage();
      return latest.managementUrl;
    },
    onSuccess: (url) => billingPortal.open(url),
    onError: (error) => showErrorToast(manageErrorMessage(error), { id: 'manage-subscription-failed' }),
  });

  // Back from the portal through the browser's back/forward cache, the page is as it was left:
  // busy. It is not leaving any more, so the button is offered again.
  const { reset } = manage;
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [reset]);

  return manage;
}

function manageErrorMessage(error: unknown): string {
  if (error instanceof NowhereToManage) return NOWHERE_TO_MANAGE_MESSAGE;
  // Offline or timed out: the client's own readable sentence says what to do.
  if (error instanceof ApiError && error.code === 'NETWORK') return error.message;
  return MANAGE_FAILED_MESSAGE;
}
