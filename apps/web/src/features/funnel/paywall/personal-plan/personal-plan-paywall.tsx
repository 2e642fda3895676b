import {
  FREE_TRIAL_DAYS,
  MOBILE_MEDIA_QUERY,
  PRESS_MENTIONS,
  type PressMention,
  planTrialSubtext,
} from '@stillpoint/core';
import { useId, useRef, useState } from 'react';
import { PaymentForm, type PaymentOutcome } from '../../../../lib/payment-form/payment-form';
import { PurchaseTerms } from '../../../../lib/purchase-terms/purchase-terms';
import { useSubscriptionDisclosure } from '../../../../lib/purchase-terms/use-subscription-disclosure';
import { ScreenCarousel } from '../../../../lib/screens/screen-carousel';
import { REDUCED_MOTION_QUERY, useMediaQuery } from '../../../../lib/use-media-query';
import { Button } from '../../../../ui/button';
import { Modal } from '../../../../ui/modal';
import { START_TRIAL } from '../paywall-copy';
import { BenefitClaims } from './benefit-claims';
import { PLAN_COPY, PlanCards } from './plan-cards';
import { PressStrip } from './press-strip';
import { useInView } from './use-in-view';
import { type PersonalPlan, usePersonalPlans } from './use-personal-plans';

export interface PersonalPlanPaywallProps {
  onComplete(outcome: PaymentOutcome): void;
  /** The press strip's publications; core's list (empty until there is real coverage) unless a test says otherwise. */
  pressMentions?: readonly PressMention[];
}

/**
 * The personal-plan paywall of the web-first funnel (SPEC §2), for a signed-in person: the plan is
 * ready, the figures Stillpoint can back, the product's own screens, then two plans. No offer
 * countdown: there is no deadline, and the price is the same tomorrow (docs/funnel.md). Choosing
 * a plan opens the one payment form in a modal, for a 7-day trial. On phones a floating 'Try for
 * Free' leads down to the plans until they are on screen.
 */
export function PersonalPlanPaywall({
  onComplete,
  pressMentions = PRESS_MENTIONS,
}: PersonalPlanPaywallProps) {
  const { plans, failed, retrying, retry } = usePersonalPlans();
  const [chosen, setChosen] = useState<PersonalPlan | null>(null);
  const disclosure = useSubscriptionDisclosure(chosen?.priceId, chosen?.kind ?? 'annual');
  const plansRef = useRef<HTMLElement>(null);
  const plansHeadingRef = useRef<HTMLHeadingElement>(null);
  const plansHeadingId = useId();
  const carouselHeadingId = useId();
  const isMobile = useMediaQuery(MOBILE_MEDIA_QUERY);
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const plansOnScreen = useInView(plansRef);

  const goToPlans = () => {
    plansRef.current?.scrollIntoView({ behavior: reducedMotion ? 'auto' : 'smooth', block: 'start' });
    // Keyboard and screen-reader users land where the eyes do.
    plansHeadingRef.current?.focus({ preventScroll: true });
  };

  return (
    <div className="flex flex-col gap-10 pb-8">
      <header className="flex flex-col gap-3 text-center">
        <p className="text-sm font-semibold tracking-[0.14em] text-accent uppercase">Your plan</p>
        <h1 className="text-balance text-3xl font-semibold tracking-tight text-ink sm:text-4xl">
          Your personal plan is ready
        </h1>
        <p className="mx-auto max-w-xl text-balance text-muted">
          A breath before the sites that pull you in, a daily budget for each, and quieter feeds.
        </p>
      </header>

      <BenefitClaims />

      <section aria-labelledby={carouselHeadingId} className="flex flex-col items-center gap-2">
        <h2 id={carouselHeadingId} className="text-xl font-semibold tracking-tight text-ink">
          See how it works
        </h2>
        <ScreenCarousel className="w-full" />
      </section>

      <PressStrip mentions={pressMentions} />

      <section ref={plansRef} aria-labelledby={plansHeadingId} className="flex scroll-mt-6 flex-col gap-4">
        <h2
          ref={plansHeadingRef}
          id={plansHeadingId}
          tabIndex={-1}
          className="text-center text-2xl font-semibold tracking-tight text-ink focus:outline-none"
        >
          Select your plan
        </h2>
        <PlanCards plans={plans} failed={failed} retrying={retrying} onRetry={retry} onChoose={setChosen} />
        <p className="text-balance text-center text-sm text-muted">
          {FREE_TRIAL_DAYS} days free on either plan. Cancel before the trial ends and you pay nothing.
        </p>
      </section>

      {isMobile && !plansOnScreen ? (
        <div className="pointer-events-none fixed inset-x-0 bottom-[var(--cookie-banner-height,0px)] z-30 bg-gradient-to-t from-paper via-paper/90 to-transparent px-4 pt-6 pb-[max(1rem,env(safe-area-inset-bottom))]">
          <Button className="pointer-events-auto w-full shadow-lg" onClick={goToPlans}>
            Try for free
          </Button>
        </div>
      ) : null}

      <Modal
        open={chosen !== null}
        onOpenChange={(open) => {
          if (!open) setChosen(null);
        }}
        title={`Start your ${FREE_TRIAL_DAYS}-day free trial`}
        description={chosen ? `${PLAN_COPY[chosen.kind].title} plan, ${chosen.perDay} per day` : undefined}
      >
        {chosen ? (
          <PaymentForm
            key={chosen.kind}
            priceId={chosen.priceId}
            subtext={planTrialSubtext(chosen.kind, chosen.cents, chosen.currency)}
            trialDays={FREE_TRIAL_DAYS}
            submitLabel={START_TRIAL}
            revealLabel={START_TRIAL}
            allowSecondPurchase={false}
            onComplete={onComplete}
          />
        ) : null}
        {chosen ? <PurchaseTerms purchase={disclosure} newTab className="mt-4" /> : null}
      </Modal>
    </div>
  );
}
