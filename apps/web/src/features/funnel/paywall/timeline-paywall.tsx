import { FREE_TRIAL_DAYS, formatPrice, TRIAL_REMINDER_DAY, trialThenYearlySubtext } from '@stillpoint/core';
import { useQuery } from '@tanstack/react-query';
import { Bell, Crown, Unlock } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { brand } from '../../../lib/brand';
import { PaymentForm, type PaymentOutcome } from '../../../lib/payment-form/payment-form';
import { paymentConfigQuery, stripePriceQuery } from '../../../lib/payments';
import { PurchaseTerms } from '../../../lib/purchase-terms/purchase-terms';
import { useSubscriptionDisclosure } from '../../../lib/purchase-terms/use-subscription-disclosure';
import { LoadError } from '../../../ui/load-error';
import { Spinner } from '../../../ui/spinner';
import { START_TRIAL } from './paywall-copy';

/**
 * The timeline paywall (SPEC §2): what happens on each day of the trial, then the payment form
 * for the annual plan with the trial.
 */
export function TimelinePaywall({ onComplete }: { onComplete(outcome: PaymentOutcome): void }) {
  const config = useQuery(paymentConfigQuery());
  const priceId = config.data?.prices.annual ?? null;
  const price = useQuery({ ...stripePriceQuery(priceId ?? ''), enabled: priceId !== null });
  const disclosure = useSubscriptionDisclosure(priceId ?? undefined, 'annual');
  const timelineId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const yearly = price.data ? trialThenYearlySubtext(price.data.unit_amount, price.data.currency) : null;

  const moments = [
    { icon: Unlock, day: 'Today', text: 'Full access to every premium feature. No charge today.' },
    {
      icon: Bell,
      // The day the trial reminder job really sends it (docs/payments.md, "Trial reminders").
      day: `Day ${TRIAL_REMINDER_DAY}`,
      text: 'We remind you that your trial is about to end. Cancel in a tap if it is not for you.',
    },
    {
      icon: Crown,
      day: `Day ${FREE_TRIAL_DAYS}`,
      text: price.data
        ? `Your trial ends and the yearly plan starts at ${formatPrice(price.data.unit_amount, price.data.currency)}/yr. Cancel before then and you pay nothing.`
        : 'Your trial ends and the yearly plan starts. Cancel before then and you pay nothing.',
    },
  ];

  return (
    <div className="flex flex-col gap-8">
      <h1
        ref={heading}
        tabIndex={-1}
        className="text-balance text-center text-2xl font-semibold tracking-tight text-ink outline-none sm:text-3xl"
      >
        {`Try ${brand.name} free for ${FREE_TRIAL_DAYS} days`}
      </h1>
      <section aria-labelledby={timelineId} className="mx-auto w-full max-w-md">
        <h2 id={timelineId} className="sr-only">
          How your free trial works
        </h2>
        <ol className="flex flex-col">
          {moments.map(({ icon: Icon, day, text }, index) => (
            <li key={day} className="relative flex gap-4 pb-6 last:pb-0">
              {index < moments.length - 1 ? (
                <span aria-hidden="true" className="absolute top-10 bottom-0 left-5 w-0.5 bg-accent/30" />
              ) : null}
              <span className="relative flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-white">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <span className="flex flex-col gap-0.5 pt-1.5">
                <span className="font-semibold text-ink">{day}</span>
                <span className="text-sm text-muted">{text}</span>
              </span>
            </li>
          ))}
        </ol>
      </section>
      <div className="mx-auto w-full max-w-md rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-7">
        {config.isError || price.isError ? (
          <LoadError
            message="We couldn't load the plan."
            detail={(config.error ?? price.error)?.message}
            retrying={config.isFetching || price.isFetching}
            onRetry={() => void (config.isError ? config.refetch() : price.refetch())}
          />
        ) : yearly === null ? (
          <div className="flex justify-center py-6">
            <Spinner label="Loading the plan" className="size-6" />
          </div>
        ) : (
          <PaymentForm
            priceId={priceId}
            subtext={yearly}
            trialDays={FREE_TRIAL_DAYS}
            submitLabel={START_TRIAL}
            revealLabel={START_TRIAL}
            allowSecondPurchase={false}
            onComplete={onComplete}
          />
        )}
        <PurchaseTerms purchase={disclosure} newTab className="mt-4" />
      </div>
    </div>
  );
}
