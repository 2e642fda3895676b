import { personalPlan, QUIZ_MINUTES, type QuizAnswers, webPageTitle } from '@stillpoint/core';
import { ArrowDown, ArrowRight } from 'lucide-react';
import { useMemo, useRef } from 'react';
import { Link } from 'react-router';
import { Footer } from '../../lib/footer/footer';
import { BackedFiguresLater } from '../../lib/proof/backed-figures-later';
import { ScreenCarousel } from '../../lib/screens/screen-carousel';
import { Button } from '../../ui/button';
import { buttonStyles } from '../../ui/button-styles';
import { Page } from '../../ui/page';
import { PlanSelection } from './plan-selection';
import { PlanSummary } from './plan-summary';
import { quizStorage } from './quiz-storage';
import { prefersReducedMotion } from './reduced-motion';

export const RESULTS_HEADING = 'Your personal plan';

/**
 * Quiz results (SPEC §2 /quiz-results): the personal plan computed from the saved answers, the
 * app's screens, the figures Stillpoint can back (each with its source), the plan selection
 * and the footer. 'Get my plan' brings the plan selection into view and focus. Without a finished
 * quiz on this device, it offers the quiz instead.
 */
export function QuizResultsPage() {
  // Read once: the answers do not change while this page is open.
  const answers = useMemo(() => quizStorage.readFinished(), []);
  return (
    <Page title={webPageTitle('/quiz-results')} heading={RESULTS_HEADING}>
      {answers ? <Results answers={answers} /> : <NoAnswers />}
      <Footer />
    </Page>
  );
}

function Results({ answers }: { answers: QuizAnswers }) {
  const plan = useMemo(() => personalPlan(answers), [answers]);
  const plans = useRef<HTMLElement>(null);

  const showPlans = () => {
    const section = plans.current;
    if (!section) return;
    section.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
    // Focus without a second, instant scroll: the smooth one above brings it into view.
    section.focus({ preventScroll: true });
  };

  return (
    <>
      <div className="mt-3 flex flex-col gap-5">
        <p className="max-w-prose text-lg text-muted">
          Made from your answers: a plan to{' '}
          <strong className="font-semibold text-ink">{plan.focus.intention}</strong>, for{' '}
          <strong className="font-semibold text-ink">{plan.focus.outcome}</strong>.
        </p>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <Button onClick={showPlans} className="w-full sm:w-auto sm:px-8">
            Get my plan
            <ArrowDown aria-hidden="true" className="size-4" />
          </Button>
          <Link to="/quiz" className={buttonStyles('ghost', 'w-full sm:w-auto')}>
            Change my answers
          </Link>
        </div>
      </div>

      <div className="mt-8 flex flex-col gap-12 md:mt-10">
        <PlanSummary plan={plan} />

        <div className="flex flex-col gap-5">
          <div className="flex flex-col gap-1">
            <h2 className="text-xl font-semibold tracking-tight text-ink">See it on your phone</h2>
            <p className="text-muted">
              The pause, your budgets and your phone use, as Stillpoint shows them.
            </p>
          </div>
          <ScreenCarousel />
        </div>

        <BackedFiguresLater />

        <PlanSelection ref={plans} />
      </div>
    </>
  );
}

function NoAnswers() {
  return (
    <div className="mt-6 flex flex-col items-start gap-5 rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-7">
      <div className="flex flex-col gap-2">
        <h2 className="text-xl font-semibold tracking-tight text-ink">Your plan starts with a short quiz</h2>
        <p className="max-w-prose text-muted">
          There are no quiz answers on this device yet. Your plan is made from them: the sites to start with,
          a daily session budget and what to expect. The quiz takes about {QUIZ_MINUTES} minutes.
        </p>
      </div>
      <Link to="/quiz" className={buttonStyles('primary', 'w-full sm:w-auto sm:px-8')}>
        Take the quiz
        <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </div>
  );
}
