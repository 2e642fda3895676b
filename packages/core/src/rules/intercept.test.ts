import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BREATHING_COUNTDOWN_SECONDS } from '../constants/timing';
import {
  BREATHING_HANDOFF_MAX_MS,
  breatheAddress,
  breatheDestinationLine,
  breathePageUrl,
  breathingAlreadyMs,
  breathingPhase,
  breathingStartedAt,
  interceptReturnUrl,
  readBreatheQuery,
} from './intercept';

describe('breathingPhase', () => {
  it('breathes in above 7, out from 7 to 4, then shows the quote', () => {
    expect(breathingPhase(BREATHING_COUNTDOWN_SECONDS)).toBe('breathe in');
    expect(breathingPhase(8)).toBe('breathe in');
    expect(breathingPhase(7)).toBe('breathe out');
    expect(breathingPhase(4)).toBe('breathe out');
    expect(breathingPhase(3)).toBe('quote');
    expect(breathingPhase(0)).toBe('quote');
  });
});

describe('interceptReturnUrl', () => {
  it('keeps absolute http and https addresses as they are', () => {
    for (const url of [
      'https://www.youtube.com/watch?v=1#t=2',
      'http://localhost:3000/subscription',
      'HTTPS://Reddit.com/r/all',
      'https://user:secret@example.com:8443/path?q=a%20b',
      'http://[::1]:8080/',
    ]) {
      expect(interceptReturnUrl(url)).toBe(url);
    }
  });

  it('refuses everything that is not an absolute http(s) address', () => {
    for (const url of [
      null,
      undefined,
      '',
      '/subscription',
      '//evil.example/path',
      'youtube.com',
      'javascript:alert(1)',
      'JavaScript://example.com/%0Aalert(1)',
      'data:text/html,<p>hi</p>',
      'file:///etc/passwd',
      'chrome://settings',
      'ftp://example.com',
      'https://',
      'https:///path',
      'https://@/path',
      'https://:443/',
      'https:/\\evil.example',
      'https:\\\\evil.example',
    ]) {
      expect(interceptReturnUrl(url)).toBeNull();
    }
  });

  it('refuses addresses with whitespace or control characters, which browsers would rewrite', () => {
    expect(interceptReturnUrl(' https://example.com')).toBeNull();
    expect(interceptReturnUrl('https://example.com/a b')).toBeNull();
    expect(interceptReturnUrl('java\tscript:alert(1)')).toBeNull();
    expect(interceptReturnUrl('https://exa\nmple.com')).toBeNull();
    expect(interceptReturnUrl('https://example.com/\u0000')).toBeNull();
    expect(interceptReturnUrl(`https://example.com/${'a'.repeat(5000)}`)).toBeNull();
  });
});

// Core compiles without DOM or Node types; its tests run in Node, whose URL is the WHATWG parser
// browsers use, and stand in for the browser here.
declare const URL: new (url: string) => { href: string; pathname: string; search: string; hash: string };
declare const URLSearchParams: new (init: Record<string, string>) => { toString(): string };

const WEB_APP = 'https://stillpoint.app';
const SITE_ID = '0b7d4c1e-5a1f-4c8e-9a55-2f0d7e1c9b11';

/** What the breathe page reads from an address, as a browser parses it. */
const readAddress = (address: string) => readBreatheQuery(new URL(address));

/**
 * A navigation to `url` under one redirect rule, the way Chrome runs it: the rule sees the
 * canonical URL without its fragment (the network layer never gets one), RE2 replaces the match
 * with the substitution (`\0` the whole match, `\1`… groups), the result is parsed as a URL, and
 * a redirect without a fragment of its own keeps the original one.
 */
function redirectLikeChrome(url: string, regexFilter: string, regexSubstitution: string): string | null {
  const canonical = new URL(url).href;
  const hashAt = canonical.indexOf('#');
  const requested = hashAt < 0 ? canonical : canonical.slice(0, hashAt);
  const fragment = hashAt < 0 ? '' : canonical.slice(hashAt);
  const match = new RegExp(regexFilter).exec(requested);
  if (!match) return null;
  const replacement = regexSubstitution.replace(/\\([0-9]|\\)/g, (_, group: string) =>
    group === '\\' ? '\\' : (match[Number(group)] ?? ''),
  );
  const target = new URL(
    requested.slice(0, match.index) + replacement + requested.slice(match.index + match[0].length),
  );
  return target.hash || !fragment ? target.href : `${target.href}${fragment}`;
}

/**
 * The URL the breathe page gets back for a canonical URL. Two things a query cannot hold as they
 * are: a `'` before the query (Chrome writes it `%27` once it is part of the breathe page's query,
 * the same address to a server), and an empty fragment (`…#`), which location.hash cannot tell
 * from none.
 */
function asCarried(canonical: string): string {
  const end = canonical.search(/[?#]/);
  const head = end < 0 ? canonical : canonical.slice(0, end);
  const tail = end < 0 ? '' : canonical.slice(end);
  const carried = `${head.replaceAll("'", '%27')}${tail}`;
  return carried.indexOf('#') === carried.length - 1 ? carried.slice(0, -1) : carried;
}

const urlPart = fc.string({
  unit: fc.constantFrom(
    ...'aZ09-._~!$()*,;:@/'.split(''),
    '&',
    '+',
    '%',
    '=',
    '?',
    '#',
    "'",
    ' ',
    '"',
    '<',
    '>',
    '`',
    '{',
    '}',
    '|',
    '^',
    '[',
    ']',
    '\\',
    '%26',
    '%2B',
    '%25',
    '%3D',
    '%23',
    '%20',
    '%41',
    '%zz',
    'é',
    '日本',
    '😀',
    'returnUrl=',
    'siteId=',
  ),
  maxLength: 40,
});
const anyWebUrl = fc
  .tuple(
    fc.constantFrom('https://www.youtube.com', 'http://m.example.com:8080', 'https://xn--bcher-kva.example'),
    urlPart,
  )
  .map(([origin, rest]) => new URL(`${origin}/${rest}`).href);

describe('the breathe page address', () => {
  it('carries returnUrl last and as it is, and reads it back whole', () => {
    const url = 'https://www.youtube.com/results?search_query=a+b&sp=%26x=1?y#t=2';
    const address = breathePageUrl(WEB_APP, SITE_ID, url);
    expect(address).toBe(`${WEB_APP}/breathe?siteId=${SITE_ID}&returnUrl=${url}`);
    expect(readAddress(address)).toEqual({ siteId: SITE_ID, returnUrl: url, breathingSince: null });
  });

  it('still reads the percent-encoded form, wherever returnUrl stands', () => {
    const url = 'https://x.com/home?a=1&b=c+d%20e';
    const query = new URLSearchParams({ returnUrl: url, siteId: SITE_ID });
    expect(readAddress(`${WEB_APP}/breathe?${query}`)).toEqual({
      siteId: SITE_ID,
      returnUrl: url,
      breathingSince: null,
    });
    expect(readAddress(`${WEB_APP}/breathe?siteId=s&returnUrl=${encodeURIComponent(url)}`)).toEqual({
      siteId: 's',
      returnUrl: url,
      breathingSince: null,
    });
    expect(readAddress(`${WEB_APP}/breathe?siteId=s`)).toEqual({
      siteId: 's',
      returnUrl: null,
      breathingSince: null,
    });
    expect(readAddress(`${WEB_APP}/breathe`)).toEqual({
      siteId: null,
      returnUrl: null,
      breathingSince: null,
    });
  });

  it('takes siteId from before returnUrl only', () => {
    const address = `${WEB_APP}/breathe?returnUrl=https://evil.example/?siteId=other&siteId=mine`;
    expect(readAddress(address)).toEqual({
      siteId: null,
      returnUrl: 'https://evil.example/?siteId=other&siteId=mine',
      breathingSince: null,
    });
    expect(readAddress(`${WEB_APP}/breathe?siteId=mine&returnUrl=https://x.com/?siteId=other`).siteId).toBe(
      'mine',
    );
  });

  it('gives back any URL a redirect rule sends, through one substitution', () => {
    const substitution = breathePageUrl(WEB_APP, SITE_ID, '\\0');
    fc.assert(
      fc.property(anyWebUrl, (url) => {
        const landed = redirectLikeChrome(url, '^https?://[^/?#]*(?:[/?#].*)?$', substitution);
        if (landed === null) throw new Error(`no match for ${url}`);
        expect(new URL(landed).pathname).toBe('/breathe');
        expect(readAddress(landed)).toEqual({
          siteId: SITE_ID,
          returnUrl: asCarried(url),
          breathingSince: null,
        });
      }),
      { numRuns: 500 },
    );
  });

  it('keeps &, +, %, =, ? and a fragment exactly, and only a path apostrophe changes form', () => {
    const substitution = breathePageUrl(WEB_APP, SITE_ID, '\\0');
    const carried = (url: string) =>
      readAddress(redirectLikeChrome(url, '^https?://.*$', substitution) ?? '').returnUrl;
    for (const url of [
      'https://www.youtube.com/watch?v=abc&t=1m30s&list=a+b',
      'https://www.youtube.com/feed?q=%26%2B%25&r==?x',
      'https://www.youtube.com/@name/%F0%9F%98%80?q=%E6%97%A5',
      'https://www.youtube.com/watch?v=abc#t=2&x=%41',
    ]) {
      expect(carried(url)).toBe(url);
    }
    expect(carried("https://en.example.org/wiki/Ender's_Game?q='")).toBe(
      'https://en.example.org/wiki/Ender%27s_Game?q=%27',
    );
  });

  it('carries when the first screen began breathing, read from before returnUrl only', () => {
    const url = 'https://www.youtube.com/watch?v=1&breathingSince=5#t=2';
    const page = 'chrome-extension://abc/breathe.html';
    const address = breatheAddress(page, {
      siteId: SITE_ID,
      returnUrl: url,
      breathingSince: 1_800_000_000_123,
    });
    expect(address).toBe(`${page}?siteId=${SITE_ID}&breathingSince=1800000000123&returnUrl=${url}`);
    expect(readAddress(address)).toEqual({
      siteId: SITE_ID,
      returnUrl: url,
      breathingSince: 1_800_000_000_123,
    });
    // Inside the returned URL it belongs to that URL.
    expect(readAddress(breathePageUrl(WEB_APP, SITE_ID, url)).breathingSince).toBeNull();
    for (const written of ['-5', '1e12', '12.5', '', 'x', '9'.repeat(16)]) {
      expect(
        readAddress(`${WEB_APP}/breathe?breathingSince=${written}&returnUrl=${url}`).breathingSince,
      ).toBeNull();
    }
  });
});

describe('breathingAlreadyMs', () => {
  const now = Date.UTC(2026, 0, 15, 12);
  it('is the time since a recent breathingSince, and 0 for a pause that begins now', () => {
    expect(breathingAlreadyMs(now - 1500, now)).toBe(1500);
    expect(breathingAlreadyMs(null, now)).toBe(0);
    expect(breathingAlreadyMs(now - BREATHING_HANDOFF_MAX_MS - 1, now)).toBe(0);
    expect(breathingAlreadyMs(now + 1000, now)).toBe(0);
  });
});

describe('breathingStartedAt', () => {
  const now = 1_800_000_000_000;
  it('carries on from a recent first screen', () => {
    expect(breathingStartedAt(now - 400, now)).toBe(now - 400);
    expect(breathingStartedAt(now, now)).toBe(now);
    expect(breathingStartedAt(now - BREATHING_HANDOFF_MAX_MS, now)).toBe(now - BREATHING_HANDOFF_MAX_MS);
  });
  it('starts afresh without one, or with one too old or in the future, so a link cannot skip the pause', () => {
    expect(breathingStartedAt(null, now)).toBe(now);
    expect(breathingStartedAt(now - BREATHING_HANDOFF_MAX_MS - 1, now)).toBe(now);
    expect(breathingStartedAt(now - 60_000, now)).toBe(now);
    expect(breathingStartedAt(now + 1, now)).toBe(now);
  });
});

describe('breatheDestinationLine', () => {
  it('names the host when there is one', () => {
    expect(breatheDestinationLine('www.youtube.com')).toBe('A moment before www.youtube.com');
    expect(breatheDestinationLine(null)).toBe('A moment to breathe');
  });
});
