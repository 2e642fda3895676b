import { FREE_TRIAL_DAYS } from '@stillpoint/core';
import { ChevronRight } from 'lucide-react';
import { LoadError } from '../../../../ui/load-error';
import type { PersonalPlan, PersonalPlanKind } from './use-personal-plans';

/** What each card says besides its price (SPEC §2): the annual plan is the one most people take. */
export const PLAN_COPY: Record<PersonalPlanKind, { title: string; period: string; badge: string | null }> = {
  annual: { title: 'Annual', period: 'billed yearly', badge: 'Most popular' },
  biennial: { title: '2-year', period: 'billed every 2 years', badge: null },
};

const KINDS: readonly PersonalPlanKind[] = ['annual', 'biennial'];

interface PlanCardsProps {
  plans: Record<PersonalPlanKind, PersonalPlan | undefined>;
  failed: Error | null;
  retrying: boolean;
  onRetry(): void;
  onChoose(plan: PersonalPlan): void;
}

/** The two plan cards: per-day price first, the total under it; choosing one opens the payment form. */
export function PlanCards({ plans, failed, retrying, onRetry, onChoose }: PlanCardsProps) {
  if (failed) {
    return (
      <LoadError
        message="We couldn't load the plans."
        detail={failed.message}
        retrying={retrying}
        onRetry={onRetry}
      />
    );
  }
  const { annual, biennial } = plans;
  if (!annual || !biennial) {
    return (
      <div role="status" className="grid grid-cols-1 gap-4 pt-3 sm:grid-cols-2">
        <span className="sr-only">Loading the plans</span>
        {KINDS.map((kind) => (
          <span
            key={kind}
            aria-hidden="true"
            className="flex h-[149px] flex-col justify-between rounded-2xl border-2 border-line bg-surface p-5"
          >
            <span className="flex items-start justify-between gap-3">
              <span className="flex flex-col gap-2">
                <span className="h-5 w-20 animate-pulse rounded bg-line motion-reduce:animate-none" />
                <span className="h-4 w-32 animate-pulse rounded bg-line motion-reduce:animate-none" />
              </span>
              <span className="h-9 w-24 animate-pulse rounded bg-line motion-reduce:animate-none" />
            </span>
            <span className="h-4 w-40 animate-pulse rounded bg-line motion-reduce:animate-none" />
          </span>
        ))}
      </div>
    );
  }
  return (
    <ul className="grid grid-cols-1 gap-4 pt-3 sm:grid-cols-2">
      {[annual, biennial].map((plan) => (
        <li key={plan.kind}>
          <PlanCard plan={plan} onChoose={() => onChoose(plan)} />
        </li>
      ))}
    </ul>
  );
}

function PlanCard({ plan, onChoose }: { plan: PersonalPlan; onChoose(): void }) {
  const copy = PLAN_COPY[plan.kind];
  const featured = copy.badge !== null;
  return (
    <button
      type="button"
      onClick={onChoose}
      className={`group relative flex h-full min-h-[149px] w-full flex-col justify-between gap-4 rounded-2xl border-2 bg-surface p-5 text-left shadow-sm transition-colors hover:border-accent ${
        featured ? 'border-accent' : 'border-line'
      }`}
    >
      <span className="flex items-start justify-between gap-3">
        <span className="flex flex-col gap-1">
          <span className="text-lg font-semibold text-ink">{copy.title}</span>
          {copy.badge ? (
            <span className="absolute -top-3 left-5 rounded-full bg-accent px-3 py-1 text-xs font-semibold tracking-wide text-white uppercase">
              {copy.badge}
            </span>
          ) : null}
          <span className="text-sm text-muted">
            {plan.total} {copy.period}
          </span>
        </span>
        <span className="flex shrink-0 flex-col items-end">
          <span className="text-3xl font-semibold tracking-tight text-ink tabular-nums">{plan.perDay}</span>
          <span className="text-sm text-muted">per day</span>
        </span>
      </span>
      <span className="flex items-center justify-between gap-3 border-t border-line pt-3 text-sm font-semibold text-accent">
        <span>Start {FREE_TRIAL_DAYS}-day free trial</span>
        <ChevronRight
          aria-hidden="true"
          className="size-5 shrink-0 transition-transform group-hover:translate-x-0.5 motion-reduce:transition-none"
        />
      </span>
    </button>
  );
}
