import { DAY_MS } from './time';

/** The challenge join page (SPEC §2 /twopercent). */
export const TWO_PERCENT_CHALLENGE_PATH = '/twopercent';
/** The share of a day the challenge allows for distracting screen time. */
export const CHALLENGE_SHARE_PERCENT = 2;

const MINUTES_PER_DAY = DAY_MS / 60_000;

/** `percent` of a 24-hour day, in minutes, exactly: 28.8 for 2%. */
export const shareOfDayMinutes = (percent: number): number => (MINUTES_PER_DAY * percent) / 100;

/** The challenge's daily line in whole minutes, as the page states it: 29 for 2%. */
export const challengeDailyMinutes = (percent: number = CHALLENGE_SHARE_PERCENT): number =>
  Math.round(shareOfDayMinutes(percent));
