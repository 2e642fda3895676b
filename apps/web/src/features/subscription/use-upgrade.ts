import { ApiError, isTermsChanged, TERMS_VERSION } from '@stillpoint/core';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../lib/api';
import { STRIPE_SUCCESS_PARAM, SUBSCRIPTION_PATH } from '../../lib/subscription/checkout-return';
import { hostedCheckout } from '../../lib/subscription/hosted-checkout';
import { usePress } from '../../lib/use-press';
import { showErrorToast } from '../../ui/toast';

/** Checkout comes back here either way; a completed purchase says so in the query. */
const CANCEL_PATH = SUBSCRIPTION_PATH;
const SUCCESS_PATH = `${SUBSCRIPTION_PATH}?${STRIPE_SUCCESS_PARAM}=true`;

/**
 * 'upgrade': asks for a hosted checkout session for the chosen price and leaves for it. It stays
 * pending while the browser leaves, so the button keeps its loading state. A 409 means the
 * person already subscribes (SPEC §8); anything else gets the generic error toast. One press
 * makes one checkout session, however often the button is clicked.
 */
export function useUpgrade({ onAlreadySubscribed }: { onAlreadySubscribed(): void }) {
  const press = usePress();
  const mutation = useMutation({
    mutationFn: (priceId: string) =>
      callApi(
        'createStripeCheckoutSessionForSubscription',
        {
          priceId,
          cancelPath: CANCEL_PATH,
          successPath: SUCCESS_PATH,
          // No skipTrial: the server decides whether this checkout starts with the 7 free days
          // (once per person, ever, the no-card trial included), and checkout shows what is due today.
          // The terms this page linked beside the button; a page older than them is refused (409).
          termsVersion: TERMS_VERSION,
        },
        { idempotencyKey: press.key() },
      ),
    onSuccess: ({ url }) => hostedCheckout.open(url),
    onError: (error) => {
      if (isTermsChanged(error)) showErrorToast(error.message);
      else if (error instanceof ApiError && error.status === 409) onAlreadySubscribed();
      else showErrorToast();
    },
    onSettled: press.end,
  });
  return {
    ...mutation,
    mutate: (priceId: string) => {
      if (press.start()) mutation.mutate(priceId);
    },
  };
}
