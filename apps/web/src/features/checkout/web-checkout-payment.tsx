import {
  billingSubtext,
  isLapsedSubscriber,
  isWinBackPrice,
  messages,
  priceKeyOf,
  subscriptionPriceKind,
} from '@stillpoint/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { PaymentForm, type PaymentOutcome } from '../../lib/payment-form/payment-form';
import { paymentConfigQuery, stripePriceQuery } from '../../lib/payments';
import { PurchaseTerms } from '../../lib/purchase-terms/purchase-terms';
import { useSubscriptionDisclosure } from '../../lib/purchase-terms/use-subscription-disclosure';
import { useSubscription } from '../../lib/subscription/use-subscription';
import { buttonStyles } from '../../ui/button-styles';
import { Spinner } from '../../ui/spinner';

interface WebCheckoutPaymentProps {
  /** The pid query parameter: a price id of this environment, or null for the annual plan. */
  pid: string | null;
  onComplete(outcome: PaymentOutcome): void;
}

/** /webcheckout once signed in: what premium is, and the payment form for the chosen price. */
export function WebCheckoutPayment({ pid, onComplete }: WebCheckoutPaymentProps) {
  const config = useQuery(paymentConfigQuery());
  const priceId = pid ?? config.data?.prices.annual ?? null;
  const kind = config.data && priceId ? subscriptionPriceKind(priceId, config.data.prices) : null;
  const price = useQuery({ ...stripePriceQuery(priceId ?? ''), enabled: kind !== null });
  // The form asks for no free days (trialDays 0): the plan is charged today.
  const disclosure = useSubscriptionDisclosure(kind ? (priceId ?? undefined) : undefined, kind ?? 'annual', {
    wantsTrial: false,
  });
  const subscription = useSubscription();
  const location = useLocation();
  // The server sells a win-back price only to someone whose paid premium has lapsed: say so
  // before a card is typed rather than fail on submit.
  const winBackRefused =
    config.data !== undefined &&
    priceId !== null &&
    isWinBackPrice(priceKeyOf(config.data.prices, priceId)) &&
    subscription.status === 'initialised' &&
    !isLapsedSubscriber(subscription.state);

  if (config.data && kind === null) {
    return (
      <PlanNotice>
        This plan is not available. The link may be out of date: open checkout again from the app.
      </PlanNotice>
    );
  }
  if (winBackRefused) {
    return (
      <>
        <PlanNotice>{messages.winBackNotOffered}</PlanNotice>
        {/* The same checkout without the price: the yearly plan, which is anyone's. */}
        <Link to={withoutPrice(location)} className={buttonStyles('primary', 'self-center')}>
          See the yearly plan
        </Link>
      </>
    );
  }
  const subtext =
    kind && price.data ? billingSubtext(kind, price.data.unit_amount, price.data.currency) : null;

  return (
    <>
      <p className="text-balance text-center text-lg text-muted">
        Block unlimited apps and get advanced insights about your screen time.
      </p>
      <div className="rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-7">
        {config.isError || price.isError ? (
          <PaymentFormUnavailable />
        ) : subtext === null ? (
          <div className="flex justify-center py-6">
            <Spinner label="Loading the plan" className="size-6" />
          </div>
        ) : (
          <PaymentForm
            priceId={priceId}
            subtext={subtext}
            trialDays={0}
            submitLabel="Start subscription"
            revealLabel="Purchase"
            allowSecondPurchase
            onComplete={onComplete}
          />
        )}
        <PurchaseTerms purchase={disclosure} newTab className="mt-4" />
      </div>
    </>
  );
}

function withoutPrice({ pathname, search }: { pathname: string; search: string }): string {
  const params = new URLSearchParams(search);
  params.delete('pid');
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

function PlanNotice({ children }: { children: ReactNode }) {
  return (
    <p
      role="alert"
      className="rounded-xl border border-danger/30 bg-danger/5 px-4 py-3 text-center text-danger"
    >
      {children}
    </p>
  );
}

function PaymentFormUnavailable() {
  return (
    <p role="alert" className="text-center text-sm font-medium text-danger">
      {messages.paymentSetupUnexpected}
    </p>
  );
}
