import { ApiError, isTermsChanged, messages, TERMS_VERSION } from '@stillpoint/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { callApi } from '../api';
import { queryKeys } from '../query-keys';
import { useOnBackForwardRestore } from '../use-on-back-forward-restore';
import { ExpressCheckoutStandIn } from './express-checkout-stand-in';
import { LocalPaymentFields } from './local/local-payment-fields';
import type { PaymentFieldsController, PaymentFieldsProps } from './payment-fields';
import { PaymentNotice } from './payment-notice';
import { paymentReturnUrl } from './payment-return';
import type { PaymentSetup } from './use-payment-setup';

// Stripe's fields and Stripe.js load only when the server runs Stripe, and only on a payment page.
const StripePaymentFields = lazy(() =>
  import('./stripe/stripe-payment-fields').then((module) => ({ default: module.StripePaymentFields })),
);

export interface CardCheckoutProps {
  setup: Extract<PaymentSetup, { status: 'ready' }>;
  priceId: string;
  /** Free days to ask for (the server may give fewer: a trial is once per person). */
  trialDays: number;
  /** The submit button, e.g. 'Start subscription' or 'Start trial'. */
  submitLabel: string;
  /** Without express checkout, the button that shows the card fields, e.g. 'Purchase'. */
  revealLabel: string;
  /** A failure to show from the start: the provider's authentication page sent the person back. */
  initialError: string | null;
  onSucceeded(): void;
  /** The server refused: the person holds premium that a purchase here may not add to. */
  onAlreadyPremium(): void;
}

/** The form once it can take a card: express checkout or the card fields, and one purchase at a time. */
export function CardCheckout({
  setup,
  priceId,
  trialDays,
  submitLabel,
  revealLabel,
  initialError,
  onSucceeded,
  onAlreadyPremium,
}: CardCheckoutProps) {
  const queryClient = useQueryClient();
  const location = useLocation();
  // The provider sends the person back to this very page (Stripe needs an absolute address).
  const pageUrl = `${window.location.origin}${location.pathname}${location.search}`;
  const controller = useRef<PaymentFieldsController | null>(null);
  const [ready, setReady] = useState(false);
  const [complete, setComplete] = useState(false);
  const [express, setExpress] = useState<boolean | undefined>(undefined);
  const [revealed, setRevealed] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(initialError);
  const [loadFailed, setLoadFailed] = useState(false);
  const busy = useRef(false);

  // Back from the provider's page through the browser's back/forward cache, the form is as it was
  // left: busy leaving. Nothing is on its way any more, so it is ready for another try.
  useOnBackForwardRestore(() => {
    busy.current = false;
    setSubmitting(false);
  });

  /** `failed` tells an express payment's wallet sheet that this attempt did not go through. */
  const purchase = useCallback(
    async (failed?: () => void) => {
      const fields = controller.current;
      if (busy.current || !fields) {
        failed?.();
        return;
      }
      busy.current = true;
      setSubmitting(true);
      setError(null);
      let leaving = false;
      try {
        const problem = await fields.validate();
        if (problem !== null) {
          setError(problem || messages.paymentFailed);
          return;
        }
        let intent: Awaited<ReturnType<typeof callApi<'getStripeSubscriptionIntent'>>>;
        try {
          await callApi('createStripeCustomer', { userId: setup.userId });
          intent = await callApi('getStripeSubscriptionIntent', {
            userId: setup.userId,
            priceId,
            numTrialDays: trialDays,
            // The terms every page with this form links beside it (lib/purchaseTerms).
            termsVersion: TERMS_VERSION,
          });
        } catch (failure) {
          // 409: the person holds premium a purchase may not add to (a subscription bought in another
          // tab or in a store, a gift): the server's answer is the one that counts.
          if (isTermsChanged(failure)) {
            setError(failure instanceof Error ? failure.message : messages.paymentUnexpected);
          } else if (failure instanceof ApiError && failure.status === 409) {
            onAlreadyPremium();
          } else {
            setError(messages.paymentUnexpected);
          }
          return;
        }
        const outcome = await fields.confirm(intent, paymentReturnUrl(pageUrl, intent.subscriptionId));
        if (outcome.kind === 'redirecting') {
          leaving = true;
        } else if (outcome.kind === 'failed') {
          setError(outcome.message ?? messages.paymentUnexpected);
        } else {
          leaving = true;
          void queryClient.invalidateQueries({ queryKey: queryKeys.subscription() });
          void queryClient.invalidateQueries({ queryKey: queryKeys.paymentCustomer(setup.userId) });
          onSucceeded();
        }
      } catch {
        setError(messages.paymentUnexpected);
      } finally {
        // While the browser leaves for the provider, the button stays busy.
        if (!leaving) {
          failed?.();
          busy.current = false;
          setSubmitting(false);
        }
      }
    },
    [priceId, trialDays, setup.userId, queryClient, onSucceeded, onAlreadyPremium, pageUrl],
  );

  const onReady = useCallback(() => setReady(true), []);
  const onLoadError = useCallback(() => setLoadFailed(true), []);
  const onExpressConfirm = useCallback((failed: () => void) => void purchase(failed), [purchase]);
  const cardVisible = express === true || revealed;

  const fieldsProps: PaymentFieldsProps = {
    price: setup.price,
    mode: trialDays > 0 ? 'setup' : 'payment',
    cardVisible,
    controller,
    onReady,
    onCompleteChange: setComplete,
    onExpressAvailability: setExpress,
    onExpressConfirm,
    onLoadError,
  };
  const { provider, publishableKey } = setup.config;

  if (loadFailed) return <PaymentNotice tone="error">{messages.paymentSetupUnexpected}</PaymentNotice>;

  return (
    <form
      noValidate
      aria-busy={!ready || undefined}
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void purchase();
      }}
    >
      {express === undefined ? <ExpressCheckoutStandIn /> : null}
      {express === false && !revealed ? (
        <Button onClick={() => setRevealed(true)} className="w-full">
          {revealLabel}
        </Button>
      ) : null}
      {provider === 'stripe' && publishableKey ? (
        <Suspense fallback={<Spinner label="Loading payment form" className="mx-auto size-6" />}>
          <StripePaymentFields publishableKey={publishableKey} {...fieldsProps} />
        </Suspense>
      ) : (
        <LocalPaymentFields {...fieldsProps} />
      )}
      {cardVisible ? (
        <Button type="submit" className="w-full" loading={submitting} disabled={!ready || !complete}>
          {submitLabel}
        </Button>
      ) : null}
      <p role="alert" className="text-center text-sm font-medium text-danger empty:hidden">
        {error}
      </p>
    </form>
  );
}
