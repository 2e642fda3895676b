import { messages } from '@stillpoint/core';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Spinner } from '../../ui/spinner';
import { CardCheckout, type CardCheckoutProps } from './card-checkout';
import { PaymentNotice } from './payment-notice';
import { readPaymentReturn, withoutProviderParams } from './payment-return';
import { type SetupProblem, usePaymentSetup } from './use-payment-setup';

export interface PaymentFormProps
  extends Pick<CardCheckoutProps, 'trialDays' | 'submitLabel' | 'revealLabel'> {
  /** The plan to buy; null when the page has none, which is an error (SPEC §5). */
  priceId: string | null;
  /** Shown above the payment options, e.g. '$4.17/mo billed yearly at $49.99/yr'. */
  subtext: string;
  /**
   * Whether someone who already has premium (a trial, a store purchase, a gift) may buy here
   * (SPEC §6: /webcheckout yes, the funnel's paywall no). A live web subscription always stops a
   * second one.
   */
  allowSecondPurchase: boolean;
  /** The purchase went through, or there is nothing to buy (and says which): called once only. */
  onComplete(outcome: PaymentOutcome): void;
}

/** How the form finished: a purchase here, or premium the person already holds. */
export type PaymentOutcome = 'purchased' | 'alreadyPremium';

const problemMessages: Record<SetupProblem, string> = {
  missingUser: messages.missingUser,
  noPrice: messages.paymentSetupUnexpected,
  initFailed: messages.paymentSetupUnexpected,
};

/**
 * The one payment form of every page that takes a card (SPEC §4): loading, then ready; submit
 * validates, creates the customer and the subscription intent, then confirms a trial's card or the
 * first payment; it leaves the page only when the provider needs it to, and comes back with ssid.
 */
export function PaymentForm({
  priceId,
  subtext,
  allowSecondPurchase,
  onComplete,
  ...labels
}: PaymentFormProps) {
  const setup = usePaymentSetup(priceId);
  const [search, setSearch] = useSearchParams();
  // The way back from the provider is read once: the parameters are then removed from the address.
  const [returned] = useState(() => readPaymentReturn(search));
  const fire = useCompleteOnce(onComplete);

  useEffect(() => {
    if (returned?.status) setSearch(withoutProviderParams(search), { replace: true });
  }, [returned, search, setSearch]);

  // 'processing' (a payment method that settles later) is on its way: the provider has it.
  const backFromProvider = returned?.status === 'succeeded' || returned?.status === 'processing';
  // Bought here (now, or before the provider's redirect): what follows is premium, not a refusal.
  const [purchased, setPurchased] = useState(backFromProvider);
  const onSucceeded = useCallback(() => {
    setPurchased(true);
    fire('purchased');
  }, [fire]);
  // The server refused a purchase (409): whatever this page knew, the person holds premium.
  const [refused, setRefused] = useState(false);
  const onAlreadyPremium = useCallback(() => setRefused(true), []);
  const alreadyPremium =
    !purchased &&
    setup.status === 'ready' &&
    (refused || setup.hasActiveStripeSubscription || (setup.alreadyPremium && !allowSecondPurchase));

  useEffect(() => {
    if (backFromProvider) fire('purchased');
    else if (alreadyPremium) fire('alreadyPremium');
  }, [backFromProvider, alreadyPremium, fire]);

  let body: ReactNode;
  if (purchased) {
    body = <PaymentNotice tone="success">Payment confirmed. Welcome to premium!</PaymentNotice>;
  } else if (setup.status === 'loading') {
    body = (
      <div className="flex items-center justify-center gap-2 py-6 text-sm text-muted">
        <Spinner label="Loading payment form" className="size-5" />
        <span aria-hidden="true">Loading payment form…</span>
      </div>
    );
  } else if (setup.status === 'unavailable') {
    body = <PaymentNotice tone="error">{problemMessages[setup.problem]}</PaymentNotice>;
  } else if (alreadyPremium) {
    body = <PaymentNotice tone="info">{messages.alreadyPremium}</PaymentNotice>;
  } else {
    body = (
      <CardCheckout
        {...labels}
        setup={setup}
        priceId={priceId ?? ''}
        initialError={returned?.status === 'failed' ? messages.authenticationFailed : null}
        onSucceeded={onSucceeded}
        onAlreadyPremium={onAlreadyPremium}
      />
    );
  }

  return (
    <section aria-label="Payment" className="flex flex-col gap-4">
      <p className="text-center text-sm text-muted">{subtext}</p>
      {body}
    </section>
  );
}

/** Calls onComplete the first time fire() runs and never again, however often it is called. */
function useCompleteOnce(onComplete: (outcome: PaymentOutcome) => void): (outcome: PaymentOutcome) => void {
  const fired = useRef(false);
  const latest = useRef(onComplete);
  latest.current = onComplete;
  return useCallback((outcome) => {
    if (fired.current) return;
    fired.current = true;
    latest.current(outcome);
  }, []);
}
