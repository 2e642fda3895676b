import { giftCheckoutPaths, isGiftCheckoutUrl, isTermsChanged, TERMS_VERSION } from '@stillpoint/core';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../lib/api';
import { hostedCheckout } from '../../lib/subscription/hosted-checkout';
import { useOnBackForwardRestore } from '../../lib/use-on-back-forward-restore';
import { usePress } from '../../lib/use-press';

interface GiftCheckoutInput {
  priceId: string;
  quantity: number;
  referralGroup: string | undefined;
}

/**
 * SPEC §4 "Gift": idle, then loading while the hosted checkout is made, then on to it. Any failure,
 * an answer without a usable address included, puts the page back to idle with the error shown.
 * Success stays busy: the browser is leaving.
 */
export function useGiftCheckout() {
  const press = usePress();
  const session = useMutation({
    mutationFn: async ({ priceId, quantity, referralGroup }: GiftCheckoutInput) => {
      const { url } = await callApi(
        'createStripeCheckoutSessionForGift',
        {
          ...giftCheckoutPaths(referralGroup),
          priceId,
          quantity,
          ...(referralGroup ? { referralGroup } : {}),
          // The terms this page linked beside the button; a page older than them is refused (409).
          termsVersion: TERMS_VERSION,
        },
        { idempotencyKey: press.key() },
      );
      // An answer with nowhere to send the buyer is SPEC §8's invalid response: a failure too.
      if (!isGiftCheckoutUrl(url)) throw new Error(`Not a checkout address: ${url}`);
      return url;
    },
    onSuccess: (url) => hostedCheckout.open(url),
    onSettled: press.end,
  });

  // Back from checkout through the back/forward cache, the page is as it was left: busy. Nothing
  // is on its way any more, so it starts over.
  useOnBackForwardRestore(() => session.reset());

  return {
    buy: (input: GiftCheckoutInput) => {
      // One press at a time: a double click opens one checkout.
      if (press.start()) session.mutate(input);
    },
    /** The session is being made, or made and the browser is leaving for it. */
    busy: session.isPending || session.isSuccess,
    failed: session.isError,
    /** Refused because the terms changed since this page was loaded: it must be reloaded. */
    termsChanged: session.isError && isTermsChanged(session.error),
  };
}
