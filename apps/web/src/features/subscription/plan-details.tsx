import { currentPlanName, type SubscriptionState } from '@stillpoint/core';
import { CircleAlert, CreditCard, ExternalLink } from 'lucide-react';
import { useId } from 'react';
import type { Subscription } from '../../lib/subscription/use-subscription';
import { Button } from '../../ui/button';
import { useManageSubscription } from './use-manage-subscription';

interface PlanDetailsProps {
  state: SubscriptionState;
  badge: string | null;
  /** Asks the server for the plan now; Manage uses it for a fresh management url. */
  fetchLatest: Subscription['fetchLatest'];
}

/**
 * SPEC §2: the plan's name, info, optional detailed info, and where to manage it (if anywhere).
 * The name is core's, from the subscriber the server sent, in this reader's calendar: the no-card
 * trial reads 'Free trial, ends December 6'. After a failed payment (the server's isPaymentFailed)
 * it says so, and offers one thing: updating the card, which the management url then opens on.
 */
export function PlanDetails({ state, badge, fetchLatest }: PlanDetailsProps) {
  const headingId = useId();
  const name = currentPlanName(state.subscriber, new Date()) ?? state.name;
  const warn = state.isExpired || state.isPaymentFailed;
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
            {name}
          </h2>
          {badge ? (
            <span
              className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${
                warn ? 'bg-danger/10 text-danger' : 'bg-accent-soft text-accent-strong'
              }`}
            >
              {badge}
            </span>
          ) : null}
        </div>
      </div>
      {state.isPaymentFailed ? (
        <div className="flex max-w-prose flex-col gap-1.5 rounded-xl border border-danger/30 bg-danger/5 p-4">
          <p className="flex items-center gap-2 font-semibold text-danger">
            <CircleAlert aria-hidden="true" className="size-5 shrink-0" />
            Payment failed
          </p>
          <p className="text-ink">{state.info}</p>
          {state.detailedInfo ? <p className="text-sm text-muted">{state.detailedInfo}</p> : null}
        </div>
      ) : (
        <div className="flex max-w-prose flex-col gap-1.5">
          <p className="text-ink">{state.info}</p>
          {state.detailedInfo ? <p className="text-sm text-muted">{state.detailedInfo}</p> : null}
        </div>
      )}
      {/* The cached url only says there is somewhere to manage it; pressing fetches a fresh one. */}
      {state.managementUrl ? (
        <ManageButton fetchLatest={fetchLatest} updateCard={state.isPaymentFailed} />
      ) : null}
    </section>
  );
}

function ManageButton({
  fetchLatest,
  updateCard,
}: Pick<PlanDetailsProps, 'fetchLatest'> & { updateCard: boolean }) {
  const manage = useManageSubscription({ fetchLatest });
  return (
    <Button
      variant={updateCard ? 'primary' : 'secondary'}
      className="self-start"
      // Still busy after success: the browser is on its way to the management page.
      loading={manage.isPending || manage.isSuccess}
      onClick={() => manage.mutate()}
    >
      {updateCard ? (
        <>
          <CreditCard aria-hidden="true" className="size-4" />
          Update your card
        </>
      ) : (
        <>
          Manage subscription
          <ExternalLink aria-hidden="true" className="size-4" />
        </>
      )}
    </Button>
  );
}
