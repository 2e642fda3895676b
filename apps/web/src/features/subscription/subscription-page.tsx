import { messages } from '@stillpoint/core';
import { CircleCheck, Info } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { documentTitle } from '../../lib/document-title';
import { PurchaseConfirmation } from '../../lib/purchase-confirmation/purchase-confirmation';
import { cameFromCheckout } from '../../lib/subscription/checkout-return';
import { type Subscription, useSubscription } from '../../lib/subscription/use-subscription';
import { LoadError } from '../../ui/load-error';
import { Page } from '../../ui/page';
import { Spinner } from '../../ui/spinner';
import { FirstChargeNote } from './first-charge-note';
import { PlanDetails } from './plan-details';
import { UpgradeCard } from './upgrade-card';
import { usePurchaseConfirmation } from './use-purchase-confirmation';

/**
 * Subscription page (SPEC §2): the plan and where to manage it, or 'You don't have an active
 * subscription' and the upgrade card. Back from checkout it thanks the person and waits for the
 * plan to show. Someone whose plan has ended, or who is on the no-card trial, may buy one here too.
 */
export function SubscriptionPage() {
  const [search] = useSearchParams();
  const fromCheckout = cameFromCheckout(search);
  const subscription = useSubscription();
  const confirmation = usePurchaseConfirmation(fromCheckout, subscription);
  const [alreadySubscribed, setAlreadySubscribed] = useState(false);

  const onAlreadySubscribed = () => {
    setAlreadySubscribed(true);
    // Evidently the plan here is out of date: show the one the server knows.
    void subscription.refresh();
  };

  return (
    <Page title={documentTitle('Subscription')} heading="Subscription">
      <div className="mt-6 flex max-w-3xl flex-col gap-6 md:mt-8">
        {fromCheckout ? (
          <Notice tone="success" icon={<CircleCheck aria-hidden="true" className="size-5" />}>
            <p className="font-semibold">{messages.stripeSuccess}</p>
            {confirmation.confirming ? (
              <p className="flex items-center gap-2 text-sm">
                <Spinner label="Confirming your purchase" className="size-4" />
                Confirming your purchase…
              </p>
            ) : confirmation.stillMissing ? (
              <p className="text-sm">
                Your plan can take a minute to show up here. Reload this page in a moment to see it.
              </p>
            ) : null}
          </Notice>
        ) : null}
        {fromCheckout && !confirmation.confirming && !confirmation.stillMissing ? (
          <PurchaseConfirmation expect="plan" />
        ) : null}
        {alreadySubscribed ? (
          <Notice tone="info" icon={<Info aria-hidden="true" className="size-5" />}>
            <p>You already have an active subscription, so there is nothing to buy. It is shown below.</p>
          </Notice>
        ) : null}
        <PlanSection
          subscription={subscription}
          confirming={confirmation.confirming}
          onAlreadySubscribed={onAlreadySubscribed}
        />
      </div>
    </Page>
  );
}

interface PlanSectionProps {
  subscription: Subscription;
  /** A purchase is on its way: offering to buy again would only confuse. */
  confirming: boolean;
  onAlreadySubscribed(): void;
}

function PlanSection({ subscription, confirming, onAlreadySubscribed }: PlanSectionProps) {
  const { status, state, badge, error } = subscription;

  if (status === 'error') {
    return (
      <LoadError
        message="We couldn't load your subscription."
        detail={error?.message}
        retrying={subscription.isFetching}
        onRetry={() => void subscription.refresh()}
      />
    );
  }
  if (status !== 'initialised' || (confirming && !state)) {
    return (
      <div
        role="status"
        aria-label="Loading your subscription"
        className="h-48 animate-pulse rounded-2xl border border-line bg-surface motion-reduce:animate-none"
      />
    );
  }

  const upgrade =
    subscription.canBuyPlan && !confirming ? (
      <>
        <FirstChargeNote onNoCardTrial={subscription.isNoCardTrial} />
        <UpgradeCard heading={upgradeHeading(subscription)} onAlreadySubscribed={onAlreadySubscribed} />
      </>
    ) : null;

  if (!state) {
    return (
      <>
        <p className="text-lg text-ink">{messages.noSubscription}</p>
        {upgrade}
      </>
    );
  }
  return (
    <>
      <PlanDetails state={state} badge={badge} fetchLatest={subscription.fetchLatest} />
      {upgrade}
    </>
  );
}

/**
 * The upgrade card's heading, true of the person's plan: on the no-card trial a plan keeps premium
 * going after it; a plan that has ended is renewed; anyone else goes premium. Whether checkout
 * adds free days is the server's choice, so no heading promises or rules them out.
 */
function upgradeHeading({ state, isNoCardTrial, isExpired }: Subscription): string {
  if (isNoCardTrial) return 'Keep Premium after your trial';
  if (state && isExpired) return 'Renew premium';
  return 'Go premium';
}

const noticeTones = {
  success: 'border-accent/30 bg-accent-soft text-accent-strong',
  info: 'border-line bg-surface text-ink',
} as const;

function Notice({
  tone,
  icon,
  children,
}: {
  tone: keyof typeof noticeTones;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <div role="status" className={`flex gap-3 rounded-2xl border p-4 ${noticeTones[tone]}`}>
      <span className="mt-0.5 shrink-0">{icon}</span>
      <div className="flex flex-col gap-1">{children}</div>
    </div>
  );
}
