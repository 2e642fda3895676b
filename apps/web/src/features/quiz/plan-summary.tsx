import type { PersonalPlan } from '@stillpoint/core';
import { Globe, Hourglass, Sparkles, Target } from 'lucide-react';
import { type ReactNode, useId } from 'react';

/** The personal plan computed from the quiz (core's personalPlan), in four parts and its steps. */
export function PlanSummary({ plan }: { plan: PersonalPlan }) {
  const headingId = useId();
  const stepsId = useId();
  const expectId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-7"
    >
      <h2 id={headingId} className="text-xl font-semibold tracking-tight text-ink sm:text-2xl">
        Your plan
      </h2>

      <ul className="mt-5 grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Fact icon={<Target className="size-5" />} term="Your focus">
          <span className="block text-lg font-semibold text-ink">{plan.focus.title}</span>
          <span className="block text-sm text-muted first-letter:uppercase">{plan.focus.outcome}</span>
        </Fact>
        <Fact icon={<Hourglass className="size-5" />} term="Daily budget">
          <span className="block text-lg font-semibold text-ink">
            {plan.dailySessions} {plan.dailySessions === 1 ? 'session' : 'sessions'} a day
          </span>
          <span className="block text-sm text-muted">
            {plan.nextWeekSessions < plan.dailySessions
              ? `then ${plan.nextWeekSessions} from week two`
              : 'a steady start you can keep'}
          </span>
        </Fact>
        <Fact icon={<Globe className="size-5" />} term="Start with" wide>
          <span className="flex flex-wrap gap-2">
            {plan.sites.map((site) => (
              <span
                key={site}
                className="rounded-full border border-line bg-paper px-3 py-1 text-sm font-medium text-ink"
              >
                {site}
              </span>
            ))}
          </span>
          <span className="mt-1.5 block text-sm text-muted">
            {plan.app
              ? `${plan.app} is the one you find hardest to put down${
                  plan.feedblocking ? `; its feed can rest too.` : '.'
                }`
              : 'Where the biggest pull lives on the web.'}
          </span>
        </Fact>
      </ul>

      <h3 id={stepsId} className="mt-7 text-sm font-semibold tracking-wide text-muted uppercase">
        Your first two weeks
      </h3>
      <ol aria-labelledby={stepsId} className="mt-3 flex flex-col gap-3">
        {plan.steps.map((step, index) => (
          <li key={step} className="flex gap-3 text-ink">
            <span
              aria-hidden="true"
              className="grid size-6 shrink-0 place-items-center rounded-full bg-accent-soft text-sm font-semibold text-accent"
            >
              {index + 1}
            </span>
            <span>{step}</span>
          </li>
        ))}
      </ol>

      <div className="mt-7 rounded-2xl bg-accent-soft p-4 sm:p-5">
        <h3
          id={expectId}
          className="flex items-center gap-2 text-sm font-semibold tracking-wide text-accent-strong uppercase"
        >
          <Sparkles aria-hidden="true" className="size-4" />
          What to expect
        </h3>
        <ul aria-labelledby={expectId} className="mt-2 flex flex-col gap-1.5">
          {plan.expectations.map((line) => (
            <li key={line} className="text-ink">
              {line}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

interface FactProps {
  icon: ReactNode;
  term: string;
  children: ReactNode;
  /** Spans both columns on wider screens. */
  wide?: boolean;
}

function Fact({ icon, term, children, wide = false }: FactProps) {
  return (
    <li className={`flex gap-3 rounded-2xl border border-line p-4 ${wide ? 'sm:col-span-2' : ''}`}>
      <span
        aria-hidden="true"
        className="grid size-9 shrink-0 place-items-center rounded-full bg-accent-soft text-accent"
      >
        {icon}
      </span>
      <div className="min-w-0">
        <p className="text-sm font-medium text-muted">{term}</p>
        <div className="mt-0.5">{children}</div>
      </div>
    </li>
  );
}
