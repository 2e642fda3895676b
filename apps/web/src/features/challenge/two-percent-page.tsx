import {
  CHALLENGE_SHARE_PERCENT,
  challengeDailyMinutes,
  formatWholeNumber,
  SESSION_LENGTHS_MINUTES,
  shareOfDayMinutes,
  webPageTitle,
} from '@stillpoint/core';
import { ArrowRight } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { brand } from '../../lib/brand';
import { Footer } from '../../lib/footer/footer';
import { buttonStyles } from '../../ui/button-styles';
import { NumberedItem } from '../../ui/numbered-item';
import { Page } from '../../ui/page';

const PERCENT = CHALLENGE_SHARE_PERCENT;
const DAY_MINUTES = formatWholeNumber(shareOfDayMinutes(100));
const MINUTES = challengeDailyMinutes();
const SHORTEST_SESSION = SESSION_LENGTHS_MINUTES[0];
const LONGEST_SESSION = SESSION_LENGTHS_MINUTES[SESSION_LENGTHS_MINUTES.length - 1];

/** Where joining starts: the web-first funnel, which ends with the app on the phone. */
const JOIN_PATH = '/getting-started';

/**
 * The challenge join page (SPEC §2 /twopercent): what the 2% screen time challenge is, how
 * Stillpoint helps keep to it, and the way in. The figures are arithmetic, not results.
 */
export function TwoPercentPage() {
  const mathId = useId();
  const howId = useId();
  const joinId = useId();

  return (
    <Page title={webPageTitle('/twopercent')} heading={`${PERCENT}% screen time challenge`}>
      <p className="mt-3 max-w-prose text-lg text-muted">
        {PERCENT}% of your day is about {MINUTES} minutes. The challenge: keep the screen time that pulls you
        away under it, every day.
      </p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center">
        <Link to={JOIN_PATH} className={buttonStyles('primary', 'min-h-12 w-full px-8 text-base sm:w-auto')}>
          Join the challenge
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
        <Link to="/mobileDownload" className={buttonStyles('ghost', 'w-full sm:w-auto')}>
          Get the phone app
        </Link>
      </div>

      <section
        aria-labelledby={mathId}
        className="mt-10 flex flex-col gap-4 rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-7 md:mt-12"
      >
        <h2 id={mathId} className="text-xl font-semibold tracking-tight text-ink">
          Why {MINUTES} minutes
        </h2>
        <DayBar />
        <p className="text-muted">
          A day has 24 hours, {DAY_MINUTES} minutes. {PERCENT}% of that is {shareOfDayMinutes(PERCENT)}{' '}
          minutes: call it {MINUTES}. It is small enough that you notice every minute of it, and enough to
          keep what you would miss: a message to a friend, a video you chose to watch.
        </p>
        <p className="text-muted">
          Work, calls, maps and reading count as your day, not as the {PERCENT}%. The {PERCENT}% is the
          scrolling you didn't mean to start.
        </p>
      </section>

      <section aria-labelledby={howId} className="mt-12 flex flex-col gap-4">
        <h2 id={howId} className="text-xl font-semibold tracking-tight text-ink">
          How to keep to it with {brand.name}
        </h2>
        <ol className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Step number={1} title="Name your distractions">
            The apps and sites you open without deciding to. Add them to {brand.name}.
          </Step>
          <Step number={2} title={`Budget ${MINUTES} minutes`}>
            Give each a daily budget. On the web a session lasts {SHORTEST_SESSION} to {LONGEST_SESSION}{' '}
            minutes, your choice: two 10-minute sessions and a 5-minute one make 25, inside the line.
          </Step>
          <Step number={3} title="Breathe before you go in">
            Each time, {brand.name} asks for one slow breath first, so going in is a choice and not a reflex.
          </Step>
          <Step number={4} title="Check your day">
            In the app, each app you limit shows today's use, beside your screen time and day streak. Add up
            the ones that pulled you away: under {MINUTES} minutes is a day kept.
          </Step>
        </ol>
      </section>

      <section
        aria-labelledby={joinId}
        className="mt-12 flex flex-col items-start gap-4 rounded-2xl bg-accent-soft p-5 sm:p-7"
      >
        <h2 id={joinId} className="text-xl font-semibold tracking-tight text-accent-strong">
          Start today
        </h2>
        <p className="max-w-prose text-accent-strong">
          There is nothing to sign up for besides {brand.name}: answer a few questions, get a plan that fits
          your days, and start with the next one.
        </p>
        <Link to={JOIN_PATH} className={buttonStyles('primary', 'min-h-12 w-full px-8 text-base sm:w-auto')}>
          Join the challenge
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </section>

      <Footer />
    </Page>
  );
}

function Step({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <NumberedItem number={number} className="rounded-2xl border border-line bg-surface p-4">
      <span className="flex flex-col gap-1">
        <span className="font-semibold text-ink">{title}</span>
        <span className="text-sm text-muted">{children}</span>
      </span>
    </NumberedItem>
  );
}

/**
 * The day as a bar with its 2% marked, drawn to scale. Decoration: the sentence beside it says
 * the same in words.
 */
function DayBar() {
  return (
    <div aria-hidden="true" className="flex flex-col gap-1.5">
      <div className="flex h-4 overflow-hidden rounded-full bg-line">
        <div className="h-full bg-accent" style={{ width: `${PERCENT}%` }} />
      </div>
      <div className="flex justify-between text-xs text-muted">
        <span>
          {MINUTES} min · {PERCENT}%
        </span>
        <span>24 hours</span>
      </div>
    </div>
  );
}
