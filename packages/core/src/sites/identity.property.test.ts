import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pairOfTypedSites, typedSite, witnessUrls } from '../testing/sites';
import { normaliseSiteOrigin } from '../validation/site';
import { siteIdentity, siteMatchKey, urlBelongsToSite } from './identity';

const RUNS = { numRuns: 300 };

describe('a site means one thing everywhere', () => {
  it('two typed sites share a key (the server calls them duplicates) exactly when they intercept the same URLs', () => {
    let sameSites = 0;
    fc.assert(
      fc.property(pairOfTypedSites, ([a, b]) => {
        const first = siteIdentity(a);
        const second = siteIdentity(b);
        fc.pre(first !== null && second !== null);
        const sameUrls = witnessUrls(a, b).every(
          (url) => urlBelongsToSite(url, first) === urlBelongsToSite(url, second),
        );
        if (sameUrls) sameSites++;
        expect(siteMatchKey(a) === siteMatchKey(b)).toBe(sameUrls);
      }),
      RUNS,
    );
    // The generators are only worth something if they often draw the same site twice.
    expect(sameSites).toBeGreaterThan(RUNS.numRuns / 10);
  });

  it('a stored origin is the same site as the text it was made from', () => {
    fc.assert(
      fc.property(typedSite, (text) => {
        const origin = normaliseSiteOrigin(text);
        fc.pre(origin !== null);
        expect(siteMatchKey(origin)).toBe(siteMatchKey(text));
      }),
      RUNS,
    );
  });

  it.each([
    ['localhost:8080', 'localhost:9090', false],
    ['www.com', 'com.com', false],
    ['www.com', 'https://WWW.COM./', true],
    ['youtube.com', 'WWW.YouTube.com.', true],
  ])('%j and %j: the key and the URLs agree (%s)', (a, b, same) => {
    const first = siteIdentity(a);
    const second = siteIdentity(b);
    if (!first || !second) throw new Error('both are sites');
    const sameUrls = witnessUrls(a, b).every(
      (url) => urlBelongsToSite(url, first) === urlBelongsToSite(url, second),
    );
    expect(sameUrls).toBe(same);
    expect(siteMatchKey(a) === siteMatchKey(b)).toBe(same);
  });
});
