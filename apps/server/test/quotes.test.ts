import { QUOTES } from '@stillpoint/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, dataOf } from './support/api';
import { createTestApp, type TestApp } from './support/app';

describe('the quotes for the breathe page', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('are all 36, numbered 1 to 36, with text and author, to anyone', async () => {
    const res = await call(t.app, 'getQuotes');
    const quotes = dataOf('getQuotes', res);
    expect(quotes).toHaveLength(36);
    expect(quotes.map((quote) => quote.id)).toEqual(Array.from({ length: 36 }, (_, index) => index + 1));
    expect(quotes[0]).toEqual({ id: 1, quote: QUOTES[0]?.quote, author: QUOTES[0]?.author });
    for (const quote of quotes) expect(Object.keys(quote).sort()).toEqual(['author', 'id', 'quote']);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('are served the same with a stale or bogus session token', async () => {
    const res = await call(t.app, 'getQuotes', undefined, { token: 'not-a-session' });
    expect(res.statusCode).toBe(200);
  });
});
