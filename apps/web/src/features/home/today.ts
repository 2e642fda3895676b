import { dateTimeFormat } from '@stillpoint/core';

const todayFormat = () => dateTimeFormat(undefined, { weekday: 'long', month: 'long', day: 'numeric' });

/** 'Sunday, November 29', in the reader's own language, above the greeting. */
export const todayLabel = (now: Date): string => todayFormat().format(now);

/**
 * Makes the format while home's data is on its way: the first Intl format a page makes costs it
 * tens of milliseconds, which would otherwise lengthen the render that shows the page.
 */
export const prepareTodayLabel = (): void => void setTimeout(todayFormat, 0);
