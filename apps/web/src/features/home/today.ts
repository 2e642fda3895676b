import { englishDate } from '@stillpoint/core';

/** 'Sunday, November 29', the reader's local date, above the greeting. */
export const todayLabel = (now: Date): string => englishDate(now, 'long');
