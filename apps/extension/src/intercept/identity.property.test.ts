import { isSameSite, normaliseSiteOrigin, siteIdentity, urlBelongsToSite } from '@stillpoint/core';
import { isSite, pairOfTypedSites, typedSite, witnessUrls } from '@stillpoint/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { site } from '../../test-support/data';
import type { RedirectRule } from '../platform/types';
import { interceptRules } from './rules';

/**
 * The redirect rules Chrome holds for one typed site, as a test of which URLs they send to the
 * breathe page. The site arrives as the server stores it (normaliseSiteOrigin).
 */
function chromeInterceptorFor(typed: string): (url: string) => boolean {
  const siteOrigin = normaliseSiteOrigin(typed);
  if (siteOrigin === null) throw new Error(`${typed} is no site`);
  const intercepted = site(siteOrigin);
  const { rules } = interceptRules({
    sites: [intercepted],
    running: new Set(),
    granted: new Set([intercepted.id]),
    ruleIds: {},
    webAppOrigin: 'https://stillpoint.app',
    firstScreenUrl: 'chrome-extension://stillpointid/breathe.html',
  });
  expect(rules.length).toBeGreaterThan(0);
  // RE2 reads these filters as JavaScript does: no look-around or back-references are used.
  const compiled = rules.map((rule) => ({ rule, regex: new RegExp(rule.condition.regexFilter) }));
  return (url) => {
    // Chrome matches the canonical URL (lower case, punycode, no default port; a root dot is kept)
    // and compares requestDomains without the root dot: http://youtube.com./ is intercepted.
    const canonical = new URL(url);
    const host = canonical.hostname.replace(/\.$/, '');
    return compiled.some(({ rule, regex }) => inDomains(host, rule) && regex.test(canonical.href));
  };
}

const inDomains = (host: string, rule: RedirectRule) =>
  rule.condition.requestDomains.some((domain) => host === domain || host.endsWith(`.${domain}`));

const RUNS = { numRuns: 200 };

describe("the extension's redirect rules and core's site identity", () => {
  it('intercept the same URLs for two typed sites exactly when core calls them one site', () => {
    let sameSites = 0;
    fc.assert(
      fc.property(pairOfTypedSites, ([a, b]) => {
        const interceptsA = chromeInterceptorFor(a);
        const interceptsB = chromeInterceptorFor(b);
        const sameUrls = witnessUrls(a, b).every((url) => interceptsA(url) === interceptsB(url));
        if (sameUrls) sameSites++;
        expect(isSameSite(a, b)).toBe(sameUrls);
      }),
      RUNS,
    );
    // Only worth something if the same site is drawn twice often enough.
    expect(sameSites).toBeGreaterThan(RUNS.numRuns / 10);
  });

  it("intercept exactly the URLs core's urlBelongsToSite gives the site", () => {
    fc.assert(
      fc.property(typedSite.filter(isSite), (text) => {
        const identity = siteIdentity(text);
        if (!identity) throw new Error('filtered to sites');
        const intercepts = chromeInterceptorFor(text);
        for (const url of witnessUrls(text)) {
          expect(intercepts(url), url).toBe(urlBelongsToSite(url, identity));
        }
      }),
      RUNS,
    );
  });

  it('keep localhost:8080 and localhost:9090 two sites', () => {
    const on8080 = chromeInterceptorFor('localhost:8080');
    const on9090 = chromeInterceptorFor('localhost:9090');
    expect(isSameSite('localhost:8080', 'localhost:9090')).toBe(false);
    expect(on8080('http://localhost:8080/app')).toBe(true);
    expect(on8080('http://localhost:9090/app')).toBe(false);
    expect(on9090('http://localhost:9090/app')).toBe(true);
    expect(on9090('http://localhost:8080/app')).toBe(false);
  });

  it("keep www.com a site of its own, not all of '.com'", () => {
    const wwwCom = chromeInterceptorFor('www.com');
    expect(wwwCom('https://www.com/')).toBe(true);
    expect(wwwCom('https://m.www.com/')).toBe(true);
    expect(wwwCom('https://example.com/')).toBe(false);
    expect(isSameSite('www.com', 'example.com')).toBe(false);
  });

  it('intercept a site typed with www., another case or a root dot as the same site', () => {
    const typedPlain = chromeInterceptorFor('youtube.com');
    const typedOddly = chromeInterceptorFor('WWW.YouTube.com.');
    expect(isSameSite('youtube.com', 'WWW.YouTube.com.')).toBe(true);
    for (const url of ['https://youtube.com/', 'http://www.youtube.com./x', 'https://m.youtube.com:8443/']) {
      expect(typedPlain(url), url).toBe(true);
      expect(typedOddly(url), url).toBe(true);
    }
  });
});
