/**
 * Phone apps report their use per week (the mobile app's weeks start on a day of its choosing).
 * The phone card reads currentWeekSessions[0] as the current figures, so the week containing the
 * asked-for day always comes first, even when the phone has not reported it yet.
 */
import type { AppUsage } from './apps';

export const WEEK_DAYS = 7;

/** Weeks kept in currentWeekSessions: the current one and a few before it. */
export const APP_WEEKS_SHOWN = 4;

export interface WeeklyAppUsage extends AppUsage {
  /** userDay of the week's first day. */
  weekStartUserDay: number;
}

export const isDayInWeek = (weekStartUserDay: number, day: number): boolean =>
  day >= weekStartUserDay && day < weekStartUserDay + WEEK_DAYS;

const NO_USE: AppUsage = { totalAppOpens: 0, totalMinutesUsed: 0 };

/**
 * Newest week first; [0] is the week containing `day` (zeros when it was not reported), then the
 * earlier weeks. Weeks that start after `day` are not part of that day's picture and are left out.
 */
export function currentWeekSessions(
  weeks: readonly WeeklyAppUsage[],
  day: number,
  maxWeeks = APP_WEEKS_SHOWN,
): AppUsage[] {
  const newestFirst = weeks
    .filter((week) => week.weekStartUserDay <= day)
    .sort((a, b) => b.weekStartUserDay - a.weekStartUserDay);
  const [newest] = newestFirst;
  const current = newest && isDayInWeek(newest.weekStartUserDay, day) ? newest : undefined;
  const earlier = newestFirst.filter((week) => week !== current);
  const usage = ({ totalAppOpens, totalMinutesUsed }: AppUsage): AppUsage => ({
    totalAppOpens,
    totalMinutesUsed,
  });
  return [usage(current ?? NO_USE), ...earlier.map(usage)].slice(0, Math.max(1, maxWeeks));
}
