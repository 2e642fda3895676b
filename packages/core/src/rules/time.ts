/** Day numbers, streaks and phone-use durations. Every "now" is passed in. */

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

/**
 * The user's day number: whole days since 1970-01-01 of the user's *local* calendar date.
 * `timezoneOffsetMinutes` follows `Date#getTimezoneOffset()`: UTC minus local time, so New York
 * in winter is 300 and Berlin in winter is -60. The web app computes it and sends it to the
 * server as the `userDay` query parameter, because only the client knows the user's midnight.
 */
export function userDay(date: Date, timezoneOffsetMinutes: number): number {
  return Math.floor((date.getTime() - timezoneOffsetMinutes * MINUTE_MS) / DAY_MS);
}

/** userDay in the time zone of the machine running the code (the browser). */
export const localUserDay = (now: Date): number => userDay(now, now.getTimezoneOffset());

/** Epoch seconds, the unit of session `timeStarted` and `streakStarted`. */
export const epochSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);

/** Whole days since the streak started; a missing or future start counts 0. */
export function streakDays(streakStartedEpochSeconds: number | null | undefined, now: Date): number {
  if (streakStartedEpochSeconds == null) return 0;
  const days = Math.floor((now.getTime() - streakStartedEpochSeconds * 1000) / DAY_MS);
  return Math.max(0, days);
}

/** Phone-use time: 'Xh Ym' from an hour up, else 'Ym'. Fractions and negatives round to whole minutes ≥ 0. */
export function formatPhoneUse(minutes: number): string {
  const total = Number.isFinite(minutes) ? Math.max(0, Math.round(minutes)) : 0;
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  return hours > 0 ? `${hours}h ${rest}m` : `${rest}m`;
}

/**
 * The furthest any clock is from UTC, in `getTimezoneOffset` minutes (UTC-14 to UTC+14, which
 * covers every real zone with room to spare).
 */
export const MAX_TIMEZONE_OFFSET_MINUTES = 840;

/** The UTC day number: the server's "today" when no client says which day it is. */
export const utcUserDay = (date: Date): number => userDay(date, 0);

/**
 * Whether `day` is the local date somewhere on Earth at `atMs`. A client's userDay can only be
 * trusted that far: it may differ from the UTC day by one either way, never by more.
 */
export function isPossibleUserDay(day: number, atMs: number): boolean {
  const at = new Date(atMs);
  return day >= userDay(at, MAX_TIMEZONE_OFFSET_MINUTES) && day <= userDay(at, -MAX_TIMEZONE_OFFSET_MINUTES);
}
