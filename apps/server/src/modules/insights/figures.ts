import {
  INSIGHT_DAYS,
  type InsightDay,
  type InsightFigures,
  type Insights,
  type InterceptOutcome,
  insightDayRange,
  isTurnedBack,
  type SiteInsights,
  sessionMinutesUsed,
} from '@stillpoint/core';

/** One pause, as far as the figures need it. */
export interface PauseRecord {
  siteId: string;
  userDay: number;
  outcome: InterceptOutcome;
}

/** One session, as far as the figures need it (times as stored: epoch seconds, milliseconds). */
export interface SessionRecord {
  siteId: string;
  userDay: number;
  timeStarted: number;
  lengthInMilliseconds: number;
}

/**
 * The INSIGHT_DAYS userDays ending with `userDay`, oldest first: core's insightDayRange, led by the
 * days before day 0 it leaves out (they hold nothing), because the answer always has a full week.
 */
export function weekEndingWith(userDay: number): number[] {
  const covered = insightDayRange(userDay);
  const first = userDay - (INSIGHT_DAYS - 1);
  const before = Array.from({ length: INSIGHT_DAYS - covered.length }, (_, index) => first + index);
  return [...before, ...covered];
}

const noFigures = (): InsightFigures => ({ attempts: 0, turnedBack: 0, sessions: 0, minutesUsed: 0 });

const add = (a: InsightFigures, b: InsightFigures): InsightFigures => ({
  attempts: a.attempts + b.attempts,
  turnedBack: a.turnedBack + b.turnedBack,
  sessions: a.sessions + b.sessions,
  minutesUsed: a.minutesUsed + b.minutesUsed,
});

/** A day with no pause and no session is null, so it is drawn as empty rather than as zero. */
const isEmpty = (figures: InsightFigures) => figures.attempts === 0 && figures.sessions === 0;

/** One site's (or everyone's) week: each day's figures and their sum. */
function weekOf(days: number[], pauses: PauseRecord[], sessions: SessionRecord[], nowSeconds: number) {
  const figuresByDay = days.map((userDay): InsightFigures => {
    const dayPauses = pauses.filter((pause) => pause.userDay === userDay);
    const daySessions = sessions.filter((session) => session.userDay === userDay);
    return {
      attempts: dayPauses.length,
      turnedBack: dayPauses.filter((pause) => isTurnedBack(pause.outcome)).length,
      sessions: daySessions.length,
      minutesUsed: daySessions.reduce((sum, session) => sum + sessionMinutesUsed(session, nowSeconds), 0),
    };
  });
  return {
    days: days.map((userDay, index): InsightDay => {
      const figures = figuresByDay[index] ?? noFigures();
      return { userDay, figures: isEmpty(figures) ? null : figures };
    }),
    total: figuresByDay.reduce(add, noFigures()),
  };
}

/**
 * The insights answer from a week's pauses and sessions. `sites` names the sites those belong to
 * (archived ones included); each appears only if it has anything in the week, most pauses first.
 */
export function insightsOfWeek(input: {
  userDay: number;
  pauses: PauseRecord[];
  sessions: SessionRecord[];
  sites: { id: string; siteOrigin: string }[];
  firstInterceptDay: number | null;
  nowMs: number;
}): Insights {
  const days = weekEndingWith(input.userDay);
  const nowSeconds = input.nowMs / 1000;
  const all = weekOf(days, input.pauses, input.sessions, nowSeconds);
  const sites: SiteInsights[] = input.sites
    .map((site) => ({
      siteId: site.id,
      siteOrigin: site.siteOrigin,
      ...weekOf(
        days,
        input.pauses.filter((pause) => pause.siteId === site.id),
        input.sessions.filter((session) => session.siteId === site.id),
        nowSeconds,
      ),
    }))
    .filter((site) => !isEmpty(site.total))
    .sort(
      (a, b) =>
        b.total.attempts - a.total.attempts ||
        b.total.sessions - a.total.sessions ||
        a.siteOrigin.localeCompare(b.siteOrigin),
    );
  return {
    fromUserDay: days[0] ?? input.userDay,
    toUserDay: input.userDay,
    days: all.days,
    total: all.total,
    sites,
    daysSinceFirstIntercept:
      input.firstInterceptDay === null ? null : Math.max(0, input.userDay - input.firstInterceptDay),
  };
}
