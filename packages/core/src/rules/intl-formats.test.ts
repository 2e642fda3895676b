import { describe, expect, it } from 'vitest';
import {
  dateTimeFormat,
  type EnglishDateStyle,
  englishDate,
  englishList,
  numberFormat,
} from './intl-formats';

describe('englishList', () => {
  it('writes a list as Intl.ListFormat does in English', () => {
    const lists = [
      [],
      ['Facebook'],
      ['Facebook', 'X'],
      ['Facebook', 'X', 'YouTube'],
      ['a', 'b', 'c', 'd', 'e', 'f'],
    ];
    for (const type of ['conjunction', 'disjunction'] as const)
      for (const items of lists)
        expect(englishList(items, type), `${type} ${items.join('|')}`).toBe(
          new Intl.ListFormat('en', { type }).format(items),
        );
  });
});

describe('made once', () => {
  it('gives the same format for the same locale and options, another for others', () => {
    const options = { month: 'long', day: 'numeric', timeZone: 'UTC' } as const;
    expect(dateTimeFormat('en-US', options)).toBe(dateTimeFormat('en-US', { ...options }));
    expect(dateTimeFormat('en-US', options)).not.toBe(dateTimeFormat('en-GB', options));
    expect(dateTimeFormat('en-US', options).format(new Date('2026-11-29T12:00:00Z'))).toBe('November 29');
    expect(numberFormat('en-US', { style: 'percent' })).toBe(numberFormat('en-US', { style: 'percent' }));
  });
});

describe('englishDate', () => {
  const intlOptions: Record<EnglishDateStyle, Intl.DateTimeFormatOptions> = {
    long: { weekday: 'long', month: 'long', day: 'numeric' },
    weekday: { weekday: 'short' },
    short: { weekday: 'short', month: 'short', day: 'numeric' },
    monthDay: { month: 'long', day: 'numeric' },
  };

  it("writes every day of a leap year as Intl's US English does, in UTC and in local time", () => {
    for (const style of Object.keys(intlOptions) as EnglishDateStyle[]) {
      const utc = new Intl.DateTimeFormat('en-US', { ...intlOptions[style], timeZone: 'UTC' });
      const local = new Intl.DateTimeFormat('en-US', intlOptions[style]);
      for (let day = 0; day < 366; day++) {
        // Noon, so a local time zone cannot move the date across midnight.
        const date = new Date(Date.UTC(2028, 0, 1 + day, 12));
        expect(englishDate(date, style, { utc: true }), date.toISOString()).toBe(utc.format(date));
        expect(englishDate(date, style), date.toISOString()).toBe(local.format(date));
      }
    }
  });

  it('reads the UTC date of a day number, and the local date of a moment', () => {
    const lateSaturdayInNewYork = new Date('2026-11-29T03:00:00Z');
    expect(englishDate(lateSaturdayInNewYork, 'long', { utc: true })).toBe('Sunday, November 29');
    expect(englishDate(new Date(2026, 10, 28, 23, 0), 'long')).toBe('Saturday, November 28');
  });
});
