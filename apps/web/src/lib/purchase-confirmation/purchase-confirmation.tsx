import { type PurchaseSummary, purchaseConfirmation } from '@stillpoint/core';
import { CircleCheck } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { LoadError } from '../../ui/load-error';
import { Spinner } from '../../ui/spinner';
import { usePurchaseSummary } from './use-purchase-summary';

interface PurchaseConfirmationProps {
  /** What was just bought or started: a plan, or the no-card trial. */
  expect: PurchaseSummary['kind'];
  /** Shown under the confirmation once it is there, e.g. the way on. */
  children?: ReactNode;
}

/**
 * The confirmation after a purchase or a trial start: what was bought, when the trial ends, the
 * first charge's date and amount, and how to cancel, worded by core's purchaseConfirmation from
 * what the server has recorded (never from the page's address), in the reader's calendar.
 */
export function PurchaseConfirmation({ expect, children }: PurchaseConfirmationProps) {
  const headingId = useId();
  const { summary, waiting, stillMissing, error, retrying, retry } = usePurchaseSummary(expect);

  if (error) {
    return (
      <LoadError
        message="We couldn't load your confirmation."
        detail={error.message}
        retrying={retrying}
        onRetry={retry}
      />
    );
  }
  if (!summary) {
    return (
      <div
        role="status"
        className="flex items-center gap-3 rounded-2xl border border-line bg-surface p-4 text-sm"
      >
        {waiting ? (
          <>
            <Spinner label="Confirming your purchase" className="size-5" />
            <span aria-hidden="true">Confirming your purchase…</span>
          </>
        ) : stillMissing ? (
          <span>Your confirmation can take a minute to show up. Reload this page in a moment to see it.</span>
        ) : null}
      </div>
    );
  }

  const confirmation = purchaseConfirmation(summary);
  return (
    <section
      aria-labelledby={headingId}
      data-testid="purchase-confirmation"
      className="flex flex-col gap-4 rounded-2xl border border-accent/30 bg-surface p-5 shadow-sm sm:p-6"
    >
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold text-ink sm:text-xl">
        <CircleCheck aria-hidden="true" className="size-6 shrink-0 text-accent" />
        {confirmation.title}
      </h2>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr] sm:gap-y-3">
        {confirmation.items.map((item) => (
          <div key={item.label} className="contents">
            <dt className="font-medium text-muted">{item.label}</dt>
            <dd className="mb-2 text-ink sm:mb-0">{item.value}</dd>
          </div>
        ))}
      </dl>
      {children}
    </section>
  );
}
