import { describe, expect, it } from 'vitest';
import { dateTimeFormat, englishList, numberFormat } from './intl-formats';

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
