import { describe, expect, it } from 'vitest';
import { dailyAppSessions, isDayInWeek, legacyWeekTotal } from './app-days';
import { appUsageToday, isOverAppBudget } from './apps';
import { userDay, utcUserDay } from './time';

const day = (n: number, totalAppOpens: number, totalMinutesUsed = totalAppOpens * 3) => ({
  userDay: n,
  totalAppOpens,
  totalMinutesUsed,
});
const week = (weekStartUserDay: number, totalAppOpens: number, totalMinutesUsed = totalAppOpens * 3) => ({
  weekStartUserDay,
  totalAppOpens,
  totalMinutesUsed,
});
const zero = { totalAppOpens: 0, totalMinutesUsed: 0 };
const opens = (sessions: readonly { totalAppOpens: number }[]) => sessions.map((s) => s.totalAppOpens);

// 2026-01-05 was a Monday: day 20_458. The Sunday before it is the last day of the previous week.
const MONDAY = 20_458;

describe('app days (currentWeekSessions)', () => {
  it('answers seven days, newest first, the asked-for day at [0]', () => {
    const days = [day(100, 4), day(98, 2), day(101, 9), day(95, 7), day(94, 1)];
    expect(dailyAppSessions(days, 100)).toEqual([
      { totalAppOpens: 4, totalMinutesUsed: 12 },
      zero,
      { totalAppOpens: 2, totalMinutesUsed: 6 },
      zero,
      zero,
      { totalAppOpens: 7, totalMinutesUsed: 21 },
      { totalAppOpens: 1, totalMinutesUsed: 3 },
    ]);
  });

  it('reads a day the phone has not reported as zero, never as the day before', () => {
    const sessions = dailyAppSessions([day(99, 12)], 100);
    expect(sessions).toHaveLength(7);
    expect(sessions[0]).toEqual(zero);
    expect(sessions[1]).toEqual({ totalAppOpens: 12, totalMinutesUsed: 36 });
    expect(dailyAppSessions([], 100)).toEqual(Array(7).fill(zero));
  });

  it("keeps [0] = today across a week boundary: Monday starts at zero, Sunday's opens stay Sunday's", () => {
    const days = [day(MONDAY - 1, 15), day(MONDAY - 2, 6)];
    const monday = dailyAppSessions(days, MONDAY);
    expect(opens(monday)).toEqual([0, 15, 6, 0, 0, 0, 0]);
    // Sunday's 15 opens were over a budget of 10; Monday's none are.
    expect(isOverAppBudget(appUsageToday({ currentWeekSessions: monday }).totalAppOpens, 10)).toBe(false);
    expect(opens(dailyAppSessions([...days, day(MONDAY, 3)], MONDAY))).toEqual([3, 15, 6, 0, 0, 0, 0]);
  });

  it("keys on the person's local day, not UTC: 9 pm in New York is still that day, though UTC has moved on", () => {
    // 2026-03-02 02:00 UTC is 1 March, 9 pm in New York (offset 300) and 2 March, 11 am in Tokyo (-540).
    const at = new Date(Date.UTC(2026, 2, 2, 2, 0));
    const newYork = userDay(at, 300);
    const tokyo = userDay(at, -540);
    expect(tokyo - newYork).toBe(1);
    expect(utcUserDay(at)).toBe(tokyo);

    // A New York phone reported its evening; the New York browser asks with its own day.
    const reported = [day(newYork, 11), day(newYork - 1, 4)];
    expect(dailyAppSessions(reported, newYork)[0]).toEqual({ totalAppOpens: 11, totalMinutesUsed: 33 });
    // Asked with the UTC (or a Tokyo) day, the evening is yesterday and today is still empty.
    expect(opens(dailyAppSessions(reported, tokyo)).slice(0, 3)).toEqual([0, 11, 4]);
  });

  it('leaves out days after the one asked for, and can answer fewer or more days', () => {
    expect(opens(dailyAppSessions([day(101, 9), day(100, 1)], 100, 2))).toEqual([1, 0]);
    expect(dailyAppSessions([day(100, 1)], 100, 0)).toHaveLength(1);
  });

  it('hands out fresh objects, so changing one answer cannot change the next', () => {
    const source = [day(10, 2)];
    const first = dailyAppSessions(source, 10);
    (first[0] as { totalAppOpens: number }).totalAppOpens = 99;
    expect(dailyAppSessions(source, 10)[0]).toEqual({ totalAppOpens: 2, totalMinutesUsed: 6 });
    expect(source[0]?.totalAppOpens).toBe(2);
  });
});

describe('legacy week totals', () => {
  it('holds seven days from its first', () => {
    expect(isDayInWeek(100, 99)).toBe(false);
    expect(isDayInWeek(100, 100)).toBe(true);
    expect(isDayInWeek(100, 106)).toBe(true);
    expect(isDayInWeek(100, 107)).toBe(false);
  });

  it('is the week holding the day when no day of that week was reported', () => {
    const weeks = [week(93, 12), week(100, 42, 190)];
    expect(legacyWeekTotal(weeks, [], 104)).toEqual({
      weekStartUserDay: 100,
      totalAppOpens: 42,
      totalMinutesUsed: 190,
    });
    // Days of another week do not hide this week's total.
    expect(legacyWeekTotal(weeks, [98, 99], 104)).toMatchObject({ weekStartUserDay: 100 });
  });

  it('gives way to the days as soon as any day of that week was reported, even a later one', () => {
    const weeks = [week(100, 42)];
    expect(legacyWeekTotal(weeks, [100], 104)).toBeNull();
    expect(legacyWeekTotal(weeks, [106], 104)).toBeNull();
  });

  it('is null for a day no stored week holds, never an older week', () => {
    expect(legacyWeekTotal([week(93, 12)], [], 100)).toBeNull();
    expect(legacyWeekTotal([week(101, 12)], [], 100)).toBeNull();
    expect(legacyWeekTotal([], [], 100)).toBeNull();
  });

  it('takes the later-starting week when two hold the day', () => {
    expect(legacyWeekTotal([week(98, 20), week(100, 5)], [], 103)).toMatchObject({
      weekStartUserDay: 100,
      totalAppOpens: 5,
    });
  });
});
