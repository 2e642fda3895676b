import { readBreatheQuery } from '@stillpoint/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { site } from '../../test-support/data';
import { handOffAddress } from '../breathe/first-screen';
import type { RedirectRule } from '../platform/types';
import { interceptRules } from './rules';

const WEB_APP = 'https://stillpoint.app';
const FIRST_SCREEN = 'chrome-extension://stillpointid/breathe.html';
const BREATHING_SINCE = 1_800_000_000_000;

/**
 * The first screen's location as Chrome gives it to the page. Chrome parses chrome-extension: as
 * a standard scheme, like https (Node's URL would not), so it is read as the same address on https.
 */
const firstScreenLocation = (landed: string) => new URL(landed.replace(/^chrome-extension:/, 'https:'));

/** Where the first screen hands over: the web app's breathe page, parsed as the browser does. */
const takenOver = (landed: string) =>
  new URL(handOffAddress(WEB_APP, firstScreenLocation(landed), BREATHING_SINCE));

const inDomains = (host: string, domains: readonly string[] = []) =>
  domains.some((domain) => host === domain || host.endsWith(`.${domain}`));

/** RE2's rewrite: `\0` is the whole match, `\1`…`\9` the groups, `\\` a backslash. */
const rewrite = (substitution: string, match: RegExpExecArray) =>
  substitution.replace(/\\([0-9]|\\)/g, (_, group: string) =>
    group === '\\' ? '\\' : (match[Number(group)] ?? ''),
  );

/**
 * A top-level navigation to `url` under the rules, the way Chrome runs it: the rules see the
 * canonical URL without its fragment (the network layer never gets one); the highest-priority
 * rule whose domains and regexFilter match replaces the match with its regexSubstitution; the
 * result is parsed as a URL; and a redirect without a fragment of its own keeps the original
 * one. Gives where the tab lands and how many redirects it took to get there.
 */
function navigateLikeChrome(
  rules: readonly RedirectRule[],
  url: string,
): { landed: string; redirects: number } {
  let current = new URL(url).href;
  let redirects = 0;
  for (;;) {
    const hashAt = current.indexOf('#');
    const requested = hashAt < 0 ? current : current.slice(0, hashAt);
    const fragment = hashAt < 0 ? '' : current.slice(hashAt);
    const host = new URL(requested).hostname.replace(/\.$/, '');
    const rule = [...rules]
      .sort((a, b) => b.priority - a.priority)
      .find(
        ({ condition }) =>
          inDomains(host, condition.requestDomains) &&
          !inDomains(host, condition.excludedRequestDomains) &&
          new RegExp(condition.regexFilter).test(requested),
      );
    if (!rule || redirects > 5) return { landed: current, redirects };
    const match = new RegExp(rule.condition.regexFilter).exec(requested);
    if (!match) return { landed: current, redirects };
    const substituted =
      requested.slice(0, match.index) +
      rewrite(rule.action.redirect.regexSubstitution, match) +
      requested.slice(match.index + match[0].length);
    const target = new URL(substituted);
    current = target.hash || !fragment ? target.href : `${target.href}${fragment}`;
    redirects++;
  }
}

/**
 * What the breathe page gets back for a canonical URL: the URL itself, but for the two things a
 * query cannot hold as they are (see docs/extension.md): a `'` before the query, which Chrome
 * writes `%27` once it is in the breathe page's query, and an empty fragment (`…#`).
 */
function asCarried(canonical: string): string {
  const end = canonical.search(/[?#]/);
  const head = end < 0 ? canonical : canonical.slice(0, end);
  const carried = `${head.replaceAll("'", '%27')}${end < 0 ? '' : canonical.slice(end)}`;
  return carried.indexOf('#') === carried.length - 1 ? carried.slice(0, -1) : carried;
}

const urlText = fc.string({
  unit: fc.constantFrom(
    ...'aZ09-._~!$()*,;:@/'.split(''),
    ...['&', '+', '%', '=', '?', '#', "'", ' ', '"', '<', '>', '`', '{', '}', '|', '^', '[', ']', '\\'],
    ...['%26', '%2B', '%25', '%3D', '%23', '%20', '%41', '%zz', 'é', '日本', '😀', 'returnUrl=', 'siteId='],
  ),
  maxLength: 40,
});

/** Addresses of the intercepted site as a person may type or follow them. */
const siteUrl = fc
  .tuple(
    fc.constantFrom(
      'https://www.youtube.com',
      'http://youtube.com',
      'https://m.youtube.com:8443',
      'https://user:pw@youtube.com',
      'http://YouTube.com.',
    ),
    fc.constantFrom('/', '?', '#', '/watch?'),
    urlText,
  )
  .map(([origin, separator, rest]) => `${origin}${separator}${rest}`);

describe("one redirect to breathe's first screen, which hands the exact address to the web app", () => {
  const youtube = site('https://youtube.com');
  const { rules } = interceptRules({
    sites: [youtube],
    running: new Set(),
    granted: new Set([youtube.id]),
    ruleIds: {},
    webAppOrigin: WEB_APP,
    firstScreenUrl: FIRST_SCREEN,
  });

  it('sends any address of the site to the first screen, and the web app reads back the exact URL', () => {
    fc.assert(
      fc.property(fc.oneof(siteUrl, fc.webUrl({ withQueryParameters: true, withFragments: true })), (url) => {
        const { landed, redirects } = navigateLikeChrome(rules, url);
        if (!inDomains(new URL(url).hostname.replace(/\.$/, ''), ['youtube.com'])) {
          expect(redirects).toBe(0);
          return;
        }
        expect(redirects).toBe(1);
        expect(landed.split('?')[0]).toBe(FIRST_SCREEN);
        const breathe = takenOver(landed);
        expect(`${breathe.origin}${breathe.pathname}`).toBe(`${WEB_APP}/breathe`);
        expect(readBreatheQuery(breathe)).toEqual({
          siteId: youtube.id,
          returnUrl: asCarried(new URL(url).href),
          breathingSince: BREATHING_SINCE,
        });
      }),
      { numRuns: 500 },
    );
  });

  it('keeps &, +, %, =, ? and a fragment as they are', () => {
    for (const url of [
      'https://www.youtube.com/watch?v=abc&t=1m30s&list=a+b',
      'https://youtube.com/feed?q=%26%2B%25&r==?x&returnUrl=https://evil.example/',
      'https://m.youtube.com/@name/%F0%9F%98%80?q=%E6%97%A5',
      'https://www.youtube.com/watch?v=abc#t=2&x=%41',
    ]) {
      const { landed, redirects } = navigateLikeChrome(rules, url);
      expect(redirects).toBe(1);
      expect(readBreatheQuery(firstScreenLocation(landed)).returnUrl).toBe(url);
      expect(readBreatheQuery(takenOver(landed)).returnUrl).toBe(url);
    }
  });
});
