import { describe, expect, it } from 'vitest';
import { QUOTES } from './quotes';

describe('the quotes about attention', () => {
  it('has 36 entries numbered 1 to 36', () => {
    expect(QUOTES).toHaveLength(36);
    expect(QUOTES.map((quote) => quote.id)).toEqual(Array.from({ length: 36 }, (_, index) => index + 1));
  });

  it('gives every quote its text, author and source, with no repeats', () => {
    for (const quote of QUOTES) {
      expect(quote.quote.trim().length, String(quote.id)).toBeGreaterThan(10);
      expect(quote.author.trim(), String(quote.id)).not.toBe('');
      expect(quote.source.trim(), String(quote.id)).not.toBe('');
    }
    expect(new Set(QUOTES.map((quote) => quote.quote)).size).toBe(36);
  });
});
