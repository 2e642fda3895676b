/** How long a grant lasts unless the admin picks another day. */
export const GRANT_DEFAULT_DAYS = 30;
/** The furthest a grant may reach (the server's rule in core's adminGrantPremium). */
const GRANT_MAX_YEARS = 5;

const pad = (value: number) => String(value).padStart(2, '0');

/** A day as a date input writes it (YYYY-MM-DD), in the viewer's time zone. */
export const dateInputValue = (date: Date): string =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

const daysFrom = (now: Date, days: number) =>
  new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);

const latestEnd = (now: Date) => {
  const latest = new Date(now);
  latest.setFullYear(latest.getFullYear() + GRANT_MAX_YEARS);
  return latest;
};

/** The day a new grant ends on by default: 30 days on. */
export const defaultGrantDay = (now = new Date()): string =>
  dateInputValue(daysFrom(now, GRANT_DEFAULT_DAYS));

/** The date input's range: today to the last day whose end is within 5 years. */
export const grantDayRange = (now = new Date()) => ({
  min: dateInputValue(now),
  max: dateInputValue(daysFrom(latestEnd(now), -1)),
});

/**
 * When premium ends for a grant "until" that day: the end of the day in the viewer's time zone,
 * so a grant until the 30th covers the whole of the 30th where the admin is. Null for no day.
 */
export function grantEnd(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const end = new Date(year, month, date, 23, 59, 59, 999);
  // 2026-02-31 is no day: the Date rolls over into March.
  return end.getMonth() === month && end.getDate() === date ? end : null;
}

export function grantDayProblem(day: string, now = new Date()): string | null {
  const end = grantEnd(day);
  if (!end) return 'Choose the last day of premium.';
  if (end.getTime() <= now.getTime()) return 'Choose today or a later day.';
  if (end.getTime() > latestEnd(now).getTime())
    return `Choose a day less than ${GRANT_MAX_YEARS} years from now.`;
  return null;
}
