import { describe, expect, it } from 'vitest';
import { currentWeekSessions, isDayInWeek } from './app-weeks';

const week = (weekStartUserDay: number, totalAppOpens: number, totalMinutesUsed = totalAppOpens * 2) => ({
  weekStartUserDay,
  totalAppOpens,
  totalMinutesUsed,
});

describe('app weeks', () => {
  it('holds seven days from its first', () => {
    expect(isDayInWeek(100, 99)).toBe(false);
    expect(isDayInWeek(100, 100)).toBe(true);
    expect(isDayInWeek(100, 106)).toBe(true);
    expect(isDayInWeek(100, 107)).toBe(false);
  });

  it('puts the week containing the day first, then earlier weeks newest first', () => {
    const weeks = [week(86, 1), week(100, 30), week(93, 12)];
    expect(currentWeekSessions(weeks, 104)).toEqual([
      { totalAppOpens: 30, totalMinutesUsed: 60 },
      { totalAppOpens: 12, totalMinutesUsed: 24 },
      { totalAppOpens: 1, totalMinutesUsed: 2 },
    ]);
  });

  it('starts with zeros when the current week was not reported, so last week never reads as today', () => {
    expect(currentWeekSessions([week(93, 12)], 104)).toEqual([
      { totalAppOpens: 0, totalMinutesUsed: 0 },
      { totalAppOpens: 12, totalMinutesUsed: 24 },
    ]);
    expect(currentWeekSessions([], 104)).toEqual([{ totalAppOpens: 0, totalMinutesUsed: 0 }]);
  });

  it('leaves out weeks that start after the day asked for', () => {
    expect(currentWeekSessions([week(93, 12), week(100, 30)], 99)).toEqual([
      { totalAppOpens: 12, totalMinutesUsed: 24 },
    ]);
  });

  it('keeps at most the requested number of weeks, the current one included', () => {
    const weeks = [week(72, 4), week(79, 3), week(86, 2), week(93, 1)];
    expect(currentWeekSessions(weeks, 104, 2)).toEqual([
      { totalAppOpens: 0, totalMinutesUsed: 0 },
      { totalAppOpens: 1, totalMinutesUsed: 2 },
    ]);
  });

  it('hands out fresh objects, so changing one answer cannot change the next', () => {
    const first = currentWeekSessions([], 10);
    (first[0] as { totalAppOpens: number }).totalAppOpens = 99;
    expect(currentWeekSessions([], 10)[0]).toEqual({ totalAppOpens: 0, totalMinutesUsed: 0 });
  });
});
