import {
  Elements,
  ExpressCheckoutElement,
  PaymentElement,
  useElements,
  useStripe,
} from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useImperativeHandle, useMemo, useState } from 'react';
import { OrDivider } from '../../../ui/or-divider';
import type { PaymentFieldsProps } from '../payment-fields';
import { stripeAppearance } from './stripe-appearance';
import { confirmWithStripe } from './stripe-confirm';

let loading: { key: string; stripe: Promise<Stripe | null> } | null = null;

/** Express checkout is Apple Pay and Google Pay (SPEC §2); Stripe's other express methods stay off. */
const EXPRESS_METHODS = {
  applePay: 'auto',
  googlePay: 'auto',
  link: 'never',
  paypal: 'never',
  amazonPay: 'never',
  klarna: 'never',
} as const;

/** Stripe.js, fetched from Stripe on the first payment page only (never bundled), once per key. */
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  if (loading?.key !== publishableKey) loading = { key: publishableKey, stripe: loadStripe(publishableKey) };
  return loading.stripe;
}

type StripeFieldsProps = PaymentFieldsProps & { publishableKey: string };

/**
 * Stripe's backend of the payment form: the Express Checkout Element (Apple Pay, Google Pay) and
 * the Payment Element for cards, with the intent created only when the person submits.
 */
export function StripePaymentFields({ publishableKey, ...props }: StripeFieldsProps) {
  const { price, mode, onLoadError } = props;
  const stripe = useMemo(() => {
    const promise = stripeFor(publishableKey);
    promise.then((loaded) => loaded ?? onLoadError(), onLoadError);
    return promise;
  }, [publishableKey, onLoadError]);
  const options =
    mode === 'setup'
      ? ({ mode: 'setup', currency: price.currency, appearance: stripeAppearance() } as const)
      : ({
          mode: 'subscription',
          amount: price.unit_amount,
          currency: price.currency,
          appearance: stripeAppearance(),
        } as const);
  return (
    <Elements stripe={stripe} options={options}>
      <StripeFields {...props} />
    </Elements>
  );
}

function StripeFields({
  price,
  mode,
  cardVisible,
  controller,
  onReady,
  onCompleteChange,
  onExpressAvailability,
  onExpressConfirm,
  onLoadError,
}: PaymentFieldsProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [expressShown, setExpressShown] = useState(false);

  // Revealed by a button that then goes away: focus goes on to the card, not to the page.
  useEffect(() => {
    if (cardVisible && !expressShown) elements?.getElement('payment')?.focus();
  }, [cardVisible, expressShown, elements]);

  useImperativeHandle(
    controller,
    () => ({
      async validate() {
        if (!elements) return '';
        const { error } = await elements.submit();
        return error ? (error.message ?? '') : null;
      },
      async confirm(intent, returnUrl) {
        if (!stripe || !elements) return { kind: 'failed', message: null };
        return confirmWithStripe(stripe, elements, intent, returnUrl, {
          mode,
          amount: price.unit_amount,
          currency: price.currency,
        });
      },
    }),
    [stripe, elements, mode, price],
  );

  return (
    <>
      <ExpressCheckoutElement
        options={{ paymentMethods: EXPRESS_METHODS }}
        onReady={(event) => {
          const methods = event.availablePaymentMethods;
          const available = Boolean(methods?.applePay || methods?.googlePay);
          setExpressShown(available);
          onExpressAvailability(available);
          if (available) onReady();
        }}
        onConfirm={(event) => onExpressConfirm(() => event.paymentFailed({ reason: 'fail' }))}
        onLoadError={() => onExpressAvailability(false)}
      />
      {expressShown && cardVisible ? <OrDivider /> : null}
      <div hidden={!cardVisible}>
        <PaymentElement
          options={{ wallets: { applePay: 'never', googlePay: 'never' } }}
          onReady={onReady}
          onChange={(event) => onCompleteChange(event.complete)}
          onLoadError={onLoadError}
        />
      </div>
    </>
  );
}
