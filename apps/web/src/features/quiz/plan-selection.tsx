import { type Ref, useId, useState } from 'react';
import { track } from '../../lib/analytics/track';
import { brand } from '../../lib/brand';
import { Button } from '../../ui/button';
import { LoadError } from '../../ui/load-error';
import { checkoutLoad, webCheckoutUrl } from './checkout-load';
import { QUIZ_PLAN_KEYS, type QuizPlan, type QuizPlanKey, useQuizPlans } from './use-quiz-plans';

const planWords: Record<QuizPlanKey, { name: string; billed: string }> = {
  annual: { name: 'Annual', billed: 'billed yearly' },
  monthly: { name: 'Monthly', billed: 'billed monthly' },
};

interface PlanSelectionProps {
  /** The section: 'Get my plan' scrolls to it and moves focus to it. */
  ref?: Ref<HTMLElement>;
}

/**
 * SPEC §2 /quiz-results' plan selection: annual and monthly, each priced per day from what the
 * provider charges. Continuing goes to /webcheckout for the chosen price, as a full page load.
 */
export function PlanSelection({ ref }: PlanSelectionProps) {
  const headingId = useId();
  const { plans, annualSavings, failed, retrying, retry } = useQuizPlans();
  const [choice, setChoice] = useState<QuizPlanKey>('annual');
  const [leaving, setLeaving] = useState(false);
  const chosen = plans[choice];
  const loading = !failed && QUIZ_PLAN_KEYS.some((key) => plans[key] === undefined);

  const goToCheckout = () => {
    if (!chosen) return;
    track('quizPlanChosen', { plan: choice, priceId: chosen.priceId });
    setLeaving(true);
    checkoutLoad.open(webCheckoutUrl(chosen.priceId));
  };

  return (
    <section
      ref={ref}
      id="plans"
      tabIndex={-1}
      aria-labelledby={headingId}
      className="scroll-mt-4 rounded-2xl border-2 border-accent bg-surface p-5 shadow-sm sm:p-7"
    >
      <fieldset className="min-w-0">
        <legend className="w-full">
          <h2 id={headingId} className="text-xl font-semibold tracking-tight text-ink sm:text-2xl">
            Choose your plan
          </h2>
        </legend>
        <p className="mt-1.5 text-sm text-muted">
          Everything in {brand.name} premium, on the web and on your phone.
        </p>

        {failed ? (
          <div className="mt-5">
            <LoadError
              message="We couldn't load the prices."
              detail={failed.message}
              retrying={retrying}
              onRetry={retry}
            />
          </div>
        ) : (
          <div className="mt-5 flex flex-col gap-3">
            {loading ? (
              <span role="status" className="sr-only">
                Loading the prices
              </span>
            ) : null}
            {QUIZ_PLAN_KEYS.map((key) => (
              <PlanOption
                key={key}
                planKey={key}
                plan={plans[key]}
                badge={key === 'annual' && annualSavings ? `Save ${annualSavings}%` : null}
                checked={choice === key}
                onChoose={() => setChoice(key)}
              />
            ))}
          </div>
        )}
      </fieldset>

      <div className="mt-6 flex flex-col gap-3">
        <Button className="w-full" disabled={!chosen} loading={leaving} onClick={goToCheckout}>
          Continue to checkout
        </Button>
        <p className="text-center text-xs text-muted">
          {chosen ? `${chosen.total}, ${planWords[choice].billed}. ` : ''}Cancel anytime. Checkout shows
          what's due today before you pay.
        </p>
      </div>
    </section>
  );
}

interface PlanOptionProps {
  planKey: QuizPlanKey;
  plan: QuizPlan | undefined;
  badge: string | null;
  checked: boolean;
  onChoose(): void;
}

function PlanOption({ planKey, plan, badge, checked, onChoose }: PlanOptionProps) {
  const words = planWords[planKey];
  return (
    <label className="flex cursor-pointer items-center gap-4 rounded-2xl border-2 border-line bg-surface p-4 transition-colors hover:border-accent has-checked:border-accent has-checked:bg-accent-soft has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-accent motion-reduce:transition-none sm:p-5">
      <input
        type="radio"
        name="quiz-plan"
        value={planKey}
        checked={checked}
        onChange={onChoose}
        className="size-5 shrink-0 accent-accent focus-visible:outline-none"
      />
      <span className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="flex flex-wrap items-center gap-2">
          <span className="text-lg font-semibold text-ink">{words.name}</span>
          {badge ? (
            <span className="rounded-full bg-accent px-2.5 py-0.5 text-xs font-semibold text-white">
              {badge}
            </span>
          ) : null}
        </span>
        {plan ? (
          <span className="text-sm text-muted">
            {plan.total}, {words.billed}
          </span>
        ) : (
          <span
            aria-hidden="true"
            className="h-4 w-32 animate-pulse rounded bg-line motion-reduce:animate-none"
          />
        )}
      </span>
      <span className="flex shrink-0 flex-col items-end">
        {plan ? (
          <span className="text-2xl font-semibold tracking-tight text-ink">{plan.perDay}</span>
        ) : (
          <span
            aria-hidden="true"
            className="h-7 w-16 animate-pulse rounded bg-line motion-reduce:animate-none"
          />
        )}
        <span className="text-xs text-muted">per day</span>
      </span>
    </label>
  );
}
