import { describe, expect, it } from 'vitest';
import { normaliseSiteOrigin } from '../validation/site';
import { isSameSite, siteIdentity } from './identity';
import { POPULAR_SITES } from './popular';

describe('the popular sites offered in onboarding', () => {
  it.each(POPULAR_SITES)('%s is a site the server accepts, stored as typed', (typed) => {
    expect(siteIdentity(typed)).not.toBeNull();
    expect(normaliseSiteOrigin(typed)).toBe(`https://${typed}`);
  });

  it('are each a different site, so choosing them all never meets a duplicate', () => {
    const pairs = POPULAR_SITES.flatMap((a, i) => POPULAR_SITES.slice(i + 1).map((b) => [a, b] as const));
    expect(pairs.filter(([a, b]) => isSameSite(a, b))).toEqual([]);
  });
});
