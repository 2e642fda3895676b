import { type Insights, turnBackSentence } from '@stillpoint/core';
import { Sprout } from 'lucide-react';
import { useId, useState } from 'react';
import { LoadError } from '../../../ui/load-error';
import { hasNoData, isFirstWeek } from './insight-days';
import { PausesChart } from './pauses-chart';
import { PausesTable } from './pauses-table';
import { SiteInsightsList } from './site-insights-list';
import { useInsights } from './use-insights';
import { WeekTotals } from './week-totals';

const card = 'flex flex-col gap-5 rounded-2xl border border-line bg-surface p-4 shadow-sm sm:p-5';

/**
 * "This week's pauses" on the home page: how often the person turned back in the last 7 days, as
 * totals, a chart of each day (with the same figures as a table) and a line per site.
 */
export function InsightsSection() {
  const insights = useInsights();
  const headingId = useId();

  return (
    <section
      aria-labelledby={headingId}
      aria-busy={insights.isPending}
      className="flex min-w-0 flex-col gap-4"
    >
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="text-xl font-semibold tracking-tight text-ink">
          This week's pauses
        </h2>
        <p className="text-sm text-muted">What each pause came to over the last 7 days.</p>
      </div>

      {insights.isPending ? (
        <InsightsSkeleton />
      ) : insights.isError ? (
        <LoadError
          message="We couldn't load this week's pauses."
          detail={insights.error.message}
          retrying={insights.isFetching}
          onRetry={() => void insights.refetch()}
        />
      ) : hasNoData(insights.data) ? (
        <EmptyWeek firstWeek={isFirstWeek(insights.data)} />
      ) : (
        <InsightsWeek insights={insights.data} />
      )}
    </section>
  );
}

function InsightsWeek({ insights }: { insights: Insights }) {
  const [asTable, setAsTable] = useState(false);
  const { total, days, toUserDay } = insights;
  const sentence = turnBackSentence(total.turnedBack, total.attempts) ?? 'No pauses this week so far.';

  return (
    <div className={card}>
      {isFirstWeek(insights) ? <FirstWeekNote /> : null}
      <p className="text-lg font-semibold text-balance text-ink">{sentence}</p>
      <WeekTotals figures={total} />

      <div className="flex flex-col gap-3">
        <div className="flex items-center justify-between gap-3">
          <h3 className="text-sm font-semibold text-ink">Day by day</h3>
          <button
            type="button"
            aria-pressed={asTable}
            onClick={() => setAsTable((shown) => !shown)}
            className="min-h-11 rounded-md px-2 text-sm font-semibold text-accent hover:text-accent-strong hover:underline"
          >
            Show as table
          </button>
        </div>
        {asTable ? null : <PausesChart days={days} today={toUserDay} />}
        <PausesTable days={days} total={total} today={toUserDay} visuallyHidden={!asTable} />
      </div>

      <SiteInsightsList sites={insights.sites} />
    </div>
  );
}

const FIRST_WEEK_TEXT = 'Your first week: each pause you take shows up here. Turning back counts as a win.';

function FirstWeekNote() {
  return (
    <p className="flex items-start gap-2.5 rounded-xl bg-accent-soft px-3.5 py-3 text-sm text-accent-strong">
      <Sprout aria-hidden="true" className="mt-0.5 size-4 shrink-0" strokeWidth={2} />
      {FIRST_WEEK_TEXT}
    </p>
  );
}

/** Nothing recorded in the week: a word of encouragement, never a chart of gaps. */
function EmptyWeek({ firstWeek }: { firstWeek: boolean }) {
  return (
    <div className={`${card} items-center py-8 text-center sm:py-10`}>
      <span className="grid size-12 place-items-center rounded-full bg-accent-soft text-accent">
        <Sprout aria-hidden="true" className="size-6" strokeWidth={1.8} />
      </span>
      <p className="max-w-sm text-balance text-ink">
        {firstWeek
          ? FIRST_WEEK_TEXT
          : 'No pauses in the last 7 days. The next time a site you limit opens, the pause shows up here.'}
      </p>
    </div>
  );
}

/** The loaded card's outline, so nothing below jumps when the figures arrive. */
function InsightsSkeleton() {
  return (
    <div role="status" aria-label="Loading this week's pauses" className={card}>
      <div className="h-7 w-3/4 animate-pulse rounded-md bg-paper motion-reduce:animate-none" />
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {['attempts', 'turned back', 'sessions', 'minutes'].map((figure) => (
          <div key={figure} className="h-16 animate-pulse rounded-xl bg-paper motion-reduce:animate-none" />
        ))}
      </div>
      <div className="h-60 animate-pulse rounded-xl bg-paper motion-reduce:animate-none" />
    </div>
  );
}
