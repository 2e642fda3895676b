import { describe, expect, it } from 'vitest';
import { epochSeconds, formatPhoneUse, isPossibleUserDay, streakDays, userDay, utcUserDay } from './time';

describe('userDay', () => {
  it('is the UTC day number when the offset is 0', () => {
    expect(userDay(new Date('1970-01-01T00:00:00Z'), 0)).toBe(0);
    expect(userDay(new Date('1970-01-01T23:59:59.999Z'), 0)).toBe(0);
    expect(userDay(new Date('1970-01-02T00:00:00Z'), 0)).toBe(1);
  });

  it('turns over at local midnight west of UTC (New York, offset 300)', () => {
    // 04:59 UTC is 23:59 in New York: still the previous local day.
    expect(userDay(new Date('2024-03-02T04:59:59Z'), 300)).toBe(userDay(new Date('2024-03-01T12:00:00Z'), 0));
    expect(userDay(new Date('2024-03-02T05:00:00Z'), 300)).toBe(userDay(new Date('2024-03-02T12:00:00Z'), 0));
  });

  it('turns over at local midnight east of UTC (Berlin, offset -60)', () => {
    // 23:00 UTC on the 1st is already 00:00 on the 2nd in Berlin.
    expect(userDay(new Date('2024-03-01T22:59:59Z'), -60)).toBe(userDay(new Date('2024-03-01T12:00:00Z'), 0));
    expect(userDay(new Date('2024-03-01T23:00:00Z'), -60)).toBe(userDay(new Date('2024-03-02T12:00:00Z'), 0));
  });
});

describe('streakDays', () => {
  const start = epochSeconds(new Date('2024-01-01T08:00:00Z'));

  it('counts whole days since the streak started', () => {
    expect(streakDays(start, new Date('2024-01-02T07:59:59Z'))).toBe(0);
    expect(streakDays(start, new Date('2024-01-02T08:00:00Z'))).toBe(1);
    expect(streakDays(start, new Date('2024-01-11T08:00:00Z'))).toBe(10);
  });

  it('floors at 0 for a future start and counts 0 without one', () => {
    expect(streakDays(start, new Date('2023-12-25T00:00:00Z'))).toBe(0);
    expect(streakDays(null, new Date())).toBe(0);
    expect(streakDays(undefined, new Date())).toBe(0);
  });
});

describe('formatPhoneUse', () => {
  it.each([
    [0, '0m'],
    [1, '1m'],
    [59, '59m'],
    [60, '1h 0m'],
    [61, '1h 1m'],
    [125, '2h 5m'],
    [59.6, '1h 0m'],
    [-5, '0m'],
    [Number.NaN, '0m'],
  ])('%s minutes → %s', (minutes, text) => {
    expect(formatPhoneUse(minutes)).toBe(text);
  });
});

describe('isPossibleUserDay', () => {
  const noonUtc = new Date('2024-03-02T12:00:00Z');
  const today = utcUserDay(noonUtc);

  it('accepts the UTC day and the day either side of it while some zone is on it', () => {
    // At 12:00 UTC it is 22:00 the day before at UTC-14 and 02:00 the day after at UTC+14.
    for (const day of [today - 1, today, today + 1])
      expect(isPossibleUserDay(day, noonUtc.getTime())).toBe(true);
  });

  it('refuses a day no zone is on at that instant', () => {
    expect(isPossibleUserDay(today + 2, noonUtc.getTime())).toBe(false);
    expect(isPossibleUserDay(today - 2, noonUtc.getTime())).toBe(false);
    // Just after midnight UTC even UTC+14 is only mid-afternoon: nobody is on tomorrow yet.
    const justAfterMidnight = new Date('2024-03-02T00:00:01Z').getTime();
    expect(isPossibleUserDay(today - 1, justAfterMidnight)).toBe(true);
    expect(isPossibleUserDay(today + 1, justAfterMidnight)).toBe(false);
  });

  it('agrees with userDay for a real zone at its midnight', () => {
    const tokyoMidnight = new Date('2024-03-01T15:00:00Z');
    expect(isPossibleUserDay(userDay(tokyoMidnight, -540), tokyoMidnight.getTime())).toBe(true);
  });
});
