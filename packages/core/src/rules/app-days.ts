/**
 * Phone apps report their use per local day, and each app's budget is opens allowed per day, so
 * the phone card compares one day with one budget: currentWeekSessions[0] is always the day asked
 * for. Older phone builds reported a week total instead; such a total says nothing about any one
 * day, so it is kept apart (legacyWeekTotal) and never read as today.
 */
import type { AppUsage } from './apps';

export const WEEK_DAYS = 7;

/** Days in currentWeekSessions: the asked-for day and the six before it. */
export const APP_DAYS_SHOWN = WEEK_DAYS;

export interface DailyAppUsage extends AppUsage {
  userDay: number;
}

export interface WeeklyAppUsage extends AppUsage {
  /** userDay of the week's first day (the phone chose which day its weeks start on). */
  weekStartUserDay: number;
}

export const isDayInWeek = (weekStartUserDay: number, day: number): boolean =>
  day >= weekStartUserDay && day < weekStartUserDay + WEEK_DAYS;

/**
 * Exactly `count` entries, newest first: [0] is `day` itself, [1] the day before, and so on.
 * A day the phone did not report is zero use, so an earlier day can never read as today.
 */
export function dailyAppSessions(
  days: readonly DailyAppUsage[],
  day: number,
  count = APP_DAYS_SHOWN,
): AppUsage[] {
  const byDay = new Map(days.map((entry) => [entry.userDay, entry]));
  return Array.from({ length: Math.max(1, count) }, (_, back) => {
    const entry = byDay.get(day - back);
    return { totalAppOpens: entry?.totalAppOpens ?? 0, totalMinutesUsed: entry?.totalMinutesUsed ?? 0 };
  });
}

/**
 * The week total an older phone build reported for the week holding `day`, when the app has no
 * day of that week reported (a day's figures, where there are any, are the ones to show). Of two
 * weeks holding the day (the phone moved its week start), the later-starting one is the newer.
 */
export function legacyWeekTotal(
  weeks: readonly WeeklyAppUsage[],
  reportedDays: readonly number[],
  day: number,
): WeeklyAppUsage | null {
  const week = weeks
    .filter((candidate) => isDayInWeek(candidate.weekStartUserDay, day))
    .sort((a, b) => b.weekStartUserDay - a.weekStartUserDay)[0];
  if (!week || reportedDays.some((reported) => isDayInWeek(week.weekStartUserDay, reported))) return null;
  const { weekStartUserDay, totalAppOpens, totalMinutesUsed } = week;
  return { weekStartUserDay, totalAppOpens, totalMinutesUsed };
}
