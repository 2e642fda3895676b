import { ApiError, isTermsChanged, ONBOARDING_PATH, TERMS_VERSION } from '@stillpoint/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { callApi } from '../../lib/api';
import { useAuth } from '../../lib/auth/auth-context';
import { STRIPE_SUCCESS_PARAM } from '../../lib/subscription/checkout-return';
import { hostedCheckout } from '../../lib/subscription/hosted-checkout';
import { useSubscription } from '../../lib/subscription/use-subscription';
import { useOnBackForwardRestore } from '../../lib/use-on-back-forward-restore';
import { usePress } from '../../lib/use-press';
import { showErrorToast } from '../../ui/toast';

export const CHECKOUT_PATH = '/checkout';
/** Back from a completed checkout, onboarding knows a plan is on its way and starts no trial. */
const SUCCESS_PATH = `${ONBOARDING_PATH}?${STRIPE_SUCCESS_PARAM}=true`;

/**
 * What the overlay shows: the sign-in prompt, the way to hosted checkout (busy while the session
 * is made and the browser leaves), or the existing subscription.
 */
export type CheckoutView = 'signIn' | 'leaving' | 'alreadySubscribed';

/**
 * SPEC §2 /checkout's overlay. 'Start free trial' opens it: a signed-out visitor is asked to sign
 * in; a signed-in person who already has a plan (their subscription says so, or checkout answers
 * 409, SPEC §8) is sent on to onboarding; anyone else leaves for a hosted checkout of the annual
 * plan, which gives the 7 free days when the server allows them. Other failures are logged by the
 * API client and get the generic toast; the overlay closes, so the toast is not left covering it
 * and the page's button is the way to try again.
 */
export function useTrialCheckout(priceId: string | undefined) {
  const auth = useAuth();
  const subscription = useSubscription();
  const [open, setOpen] = useState(false);
  const [answered409, setAnswered409] = useState(false);
  const press = usePress();
  const session = useMutation({
    mutationFn: (id: string) =>
      callApi(
        'createStripeCheckoutSessionForSubscription',
        // The terms this page linked beside the button; a page older than them is refused (409).
        { priceId: id, cancelPath: CHECKOUT_PATH, successPath: SUCCESS_PATH, termsVersion: TERMS_VERSION },
        { idempotencyKey: press.key() },
      ),
    onSettled: press.end,
    onSuccess: ({ url }) => hostedCheckout.open(url),
    onError: (error) => {
      if (isTermsChanged(error)) {
        setOpen(false);
        showErrorToast(error.message);
      } else if (error instanceof ApiError && error.status === 409) {
        setAnswered409(true);
        // The plan this page holds is out of date: fetch the one the server knows.
        void subscription.refresh();
      } else {
        setOpen(false);
        showErrorToast();
      }
    },
  });

  // The plan in force (a trial with a card included); the no-card trial may still buy one.
  const subscribed = answered409 || (subscription.status === 'initialised' && !subscription.canBuyPlan);
  const signedIn = auth.status === 'signedIn';
  const view: CheckoutView = !signedIn ? 'signIn' : subscribed ? 'alreadySubscribed' : 'leaving';

  // Back from checkout, the page may be as it was left: the overlay open and busy. Nothing is on
  // its way any more, so it starts over, closed.
  useOnBackForwardRestore(() => {
    session.reset();
    setOpen(false);
  });

  return {
    open,
    view,
    /** Auth is still being read, or the price id: the button waits. */
    ready: auth.status !== 'loading' && priceId !== undefined,
    /** Busy: the session is being made, or made and the browser is leaving for it. */
    leaving: session.isPending || session.isSuccess,
    start() {
      setOpen(true);
      // One press at a time: a double click opens one checkout.
      if (signedIn && !subscribed && priceId && press.start()) session.mutate(priceId);
    },
    close() {
      // Once the session is asked for, the page is leaving: closing would only hide that.
      if (!(session.isPending || session.isSuccess)) setOpen(false);
    },
  };
}
