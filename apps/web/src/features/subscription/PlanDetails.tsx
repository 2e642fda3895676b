import type { SubscriptionState } from '@stillpoint/core';
import { ExternalLink } from 'lucide-react';
import { useId } from 'react';
import { buttonStyles } from '../../ui/buttonStyles';

/** SPEC §2: the plan's name, info, optional detailed info, and where to manage it (if anywhere). */
export function PlanDetails({ state, badge }: { state: SubscriptionState; badge: string | null }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-7"
    >
      <div className="flex flex-col gap-1">
        <p className="text-sm font-medium text-muted">Your plan</p>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h2
            id={headingId}
            className="text-2xl font-semibold tracking-tight text-ink first-letter:uppercase"
          >
            {state.name}
          </h2>
          {badge ? (
            <span
              className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${
                state.isExpired ? 'bg-danger/10 text-danger' : 'bg-accent-soft text-accent-strong'
              }`}
            >
              {badge}
            </span>
          ) : null}
        </div>
      </div>
      <div className="flex max-w-prose flex-col gap-1.5">
        <p className="text-ink">{state.info}</p>
        {state.detailedInfo ? <p className="text-sm text-muted">{state.detailedInfo}</p> : null}
      </div>
      {state.managementUrl ? (
        <a href={state.managementUrl} className={buttonStyles('secondary', 'self-start')}>
          Manage subscription
          <ExternalLink aria-hidden="true" className="size-4" />
        </a>
      ) : null}
    </section>
  );
}
