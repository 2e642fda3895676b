import { FREE_TRIAL_DAYS, PREMIUM_FEATURES } from '@stillpoint/core';
import { Check } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Button } from '../../ui/button';
import { LoadError } from '../../ui/load-error';
import type { AnnualPlan } from './use-annual-plan';

interface PlanCardProps {
  /** Undefined while the price loads, or when it failed (`failed`). */
  plan: AnnualPlan | undefined;
  failed: Error | null;
  retrying: boolean;
  onRetry(): void;
  /** 'Start free trial' may be pressed: the price and who is signed in are known. */
  ready: boolean;
  /** The browser is on its way to checkout. */
  busy: boolean;
  onStart(): void;
  /** Beside the button: what it starts, what is charged when, and the agreement. */
  terms: ReactNode;
  /** Under the button: the way to restore an earlier purchase. */
  footer: ReactNode;
}

/** SPEC §2 /checkout's plan card: the annual plan after the free days, and what premium includes. */
export function PlanCard({
  plan,
  failed,
  retrying,
  onRetry,
  ready,
  busy,
  onStart,
  terms,
  footer,
}: PlanCardProps) {
  const headingId = useId();
  const featuresId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-7"
    >
      <div className="grid grid-cols-1 gap-8 md:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)] md:gap-10">
        <div className="flex flex-col gap-5">
          <h2 id={headingId} className="text-xl font-semibold tracking-tight text-ink sm:text-2xl">
            Premium, yearly
          </h2>

          {failed ? (
            <LoadError
              message="We couldn't load the price."
              detail={failed.message}
              retrying={retrying}
              onRetry={onRetry}
            />
          ) : plan ? (
            <div className="flex flex-col gap-1">
              <p className="text-2xl font-semibold tracking-tight text-ink">
                {FREE_TRIAL_DAYS} days free, then {plan.yearly}/yr
              </p>
              <p className="text-sm text-muted">That's {plan.monthly}/mo, billed yearly. Cancel anytime.</p>
            </div>
          ) : (
            // The height of the two lines of the price, so nothing moves when it arrives.
            <div role="status" className="flex flex-col gap-1">
              <span className="sr-only">Loading the price</span>
              <span className="h-8 w-64 max-w-full animate-pulse rounded bg-line motion-reduce:animate-none" />
              <span className="h-5 w-48 animate-pulse rounded bg-line motion-reduce:animate-none" />
            </div>
          )}

          <div className="flex flex-col gap-3">
            <Button className="w-full" disabled={!ready || !plan} loading={busy} onClick={onStart}>
              Start free trial
            </Button>
            {terms}
          </div>
          {footer}
        </div>

        <div className="flex flex-col gap-4 border-t border-line pt-6 md:border-t-0 md:border-l md:pt-0 md:pl-10">
          <h3 id={featuresId} className="text-sm font-semibold tracking-wide text-muted uppercase">
            What you get
          </h3>
          <ul aria-labelledby={featuresId} className="flex flex-col gap-3.5">
            {PREMIUM_FEATURES.map((feature) => (
              <Feature key={feature.title}>{feature.title}</Feature>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

function Feature({ children }: { children: ReactNode }) {
  return (
    <li className="flex gap-3 text-ink">
      <span className="mt-0.5 grid size-5 shrink-0 place-items-center rounded-full bg-accent-soft text-accent">
        <Check aria-hidden="true" className="size-3.5" strokeWidth={3} />
      </span>
      {children}
    </li>
  );
}
