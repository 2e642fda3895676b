import { DAY_MS, englishDate, type Insights, isFirstInsightWeek } from '@stillpoint/core';

/*
 * A userDay counts whole days of the person's local calendar since 1970-01-01, so that date at
 * UTC midnight has the person's weekday whatever their time zone: both labels are read in UTC.
 */

/** 'Mon', 'Tue', ... for a userDay. */
export const weekdayLabel = (userDay: number): string =>
  englishDate(new Date(userDay * DAY_MS), 'weekday', { utc: true });

/** 'Mon, Mar 3' for a userDay, where the weekday alone could be any week (the table). */
export const dateLabel = (userDay: number): string =>
  englishDate(new Date(userDay * DAY_MS), 'short', { utc: true });

export const hasNoData = (insights: Insights): boolean =>
  insights.days.every((day) => day.figures === null) && insights.sites.length === 0;

/** Still in the first week of pauses (or before the first): a welcome rather than a verdict. */
export const isFirstWeek = (insights: Insights): boolean =>
  isFirstInsightWeek(insights.daysSinceFirstIntercept);
