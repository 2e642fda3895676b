import type { Seconds } from '../objects';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** Dates read as days ('Mar 3, 2026'); billing moves in whole days, so the hour adds nothing. */
export const formatDay = (seconds: Seconds): string => dateFormat.format(new Date(seconds * 1000));
