/**
 * Insights: what each pause achieved. A pause is shown, then settled by the person's choice:
 * "nevermind", a session, or leaving the pause without choosing. Turning back is the point of a
 * pause, so "nevermind" and leaving both count as turned back.
 */

export const INTERCEPT_OUTCOMES = ['shown', 'nevermind', 'session', 'left'] as const;
export type InterceptOutcome = (typeof INTERCEPT_OUTCOMES)[number];

/** How many days the insights cover, ending with today. */
export const INSIGHT_DAYS = 7;

/** Before this many days of pauses the insights are a first-week welcome, not a verdict. */
export const INSIGHT_FIRST_WEEK_DAYS = 7;

/**
 * Whether the person's pauses do not yet fill a week: none at all, or the first one too recent.
 * `daysSinceFirstIntercept` 0 is a first pause today, one day of history.
 */
export const isFirstInsightWeek = (daysSinceFirstIntercept: number | null): boolean =>
  daysSinceFirstIntercept === null || daysSinceFirstIntercept + 1 < INSIGHT_FIRST_WEEK_DAYS;

export const isTurnedBack = (outcome: InterceptOutcome): boolean =>
  outcome === 'nevermind' || outcome === 'left';

/**
 * The outcome a pause has after a report: the first decision settles it for good (a retry, a
 * late "left" sent as the page closed after a session started, change nothing). Returns null when
 * the report changes nothing.
 */
export function settleOutcome(
  current: InterceptOutcome | null,
  reported: InterceptOutcome,
): InterceptOutcome | null {
  if (current === null) return reported;
  if (current !== 'shown') return null;
  return reported === 'shown' ? null : reported;
}

/** "You turned back 12 of 30 times this week"; null with no pauses to speak of. */
export function turnBackSentence(turnedBack: number, attempts: number): string | null {
  if (attempts <= 0) return null;
  return `You turned back ${turnedBack} of ${attempts} ${attempts === 1 ? 'time' : 'times'} this week`;
}

/** Whole-percent turn-back rate, or null with no pauses. */
export function turnBackRate(turnedBack: number, attempts: number): number | null {
  if (attempts <= 0) return null;
  return Math.round((Math.min(turnedBack, attempts) / attempts) * 100);
}

/** The userDays the insights cover, oldest first, ending with `day`. */
export function insightDayRange(day: number, days = INSIGHT_DAYS): number[] {
  return Array.from({ length: days }, (_, index) => day - (days - 1) + index).filter((d) => d >= 0);
}

/**
 * Minutes of a session used by `nowSeconds`: its whole length once over, what has passed while it
 * runs. Lengths are milliseconds and starts epoch seconds, as sessions are stored (SPEC §3).
 */
export function sessionMinutesUsed(
  session: { timeStarted: number; lengthInMilliseconds: number },
  nowSeconds: number,
): number {
  const elapsedMs = Math.max(0, (nowSeconds - session.timeStarted) * 1000);
  return Math.min(session.lengthInMilliseconds, elapsedMs) / 60_000;
}
