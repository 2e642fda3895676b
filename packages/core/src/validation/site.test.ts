import { describe, expect, it } from 'vitest';
import { siteOriginSchema } from '../api/schemas/fields';
import { hostOf, siteHost } from '../sites/display-name';
import { isValidSiteText, normaliseSiteOrigin } from './site';

describe('isValidSiteText', () => {
  it('needs 3 characters once trimmed', () => {
    expect(isValidSiteText('x.c')).toBe(true);
    expect(isValidSiteText('x.')).toBe(false);
    expect(isValidSiteText(' x. ')).toBe(false);
    expect(isValidSiteText('')).toBe(false);
  });
});

describe('normaliseSiteOrigin', () => {
  it.each([
    ['youtube.com', 'https://youtube.com'],
    ['www.youtube.com', 'https://www.youtube.com'],
    ['https://www.youtube.com/watch?v=1', 'https://www.youtube.com'],
    ['  HTTPS://WWW.YouTube.com/  ', 'https://www.youtube.com'],
    ['http://news.ycombinator.com/item?id=1', 'http://news.ycombinator.com'],
    ['reddit.com/r/all', 'https://reddit.com'],
    ['example.com#top', 'https://example.com'],
    ['example.com?q=1', 'https://example.com'],
    ['https://example.com:443/', 'https://example.com'],
    ['http://example.com:80', 'http://example.com'],
    ['localhost:5173', 'https://localhost:5173'],
    ['http://localhost:3000/breathe', 'http://localhost:3000'],
    ['bbc.co.uk', 'https://bbc.co.uk'],
    // The fully qualified form, a typed default port in any scheme, and ports with leading zeros.
    ['YouTube.com.', 'https://youtube.com'],
    ['http://example.com:443/', 'http://example.com'],
    ['https://example.com:80', 'https://example.com'],
    ['localhost:08080', 'https://localhost:8080'],
    // International names are stored as the browser sends them.
    ['bücher.de', 'https://xn--bcher-kva.de'],
    ['https://BÜCHER.de/straße', 'https://xn--bcher-kva.de'],
    ['example.com\\path', 'https://example.com'],
  ])('%s → %s', (input, origin) => {
    expect(normaliseSiteOrigin(input)).toBe(origin);
  });

  it.each([
    '',
    '   ',
    'youtube',
    'ftp://example.com',
    'chrome://extensions',
    'javascript:alert(1)',
    'https://',
    'user:pass@example.com',
    'https://evil.com@example.com',
    'example..com',
    '-example.com',
    'exa mple.com',
    'example.com:99999',
    'example.com:abc',
    '[::1]',
    'example.com..',
    '.example.com',
    'bü cher.de',
    `${'a'.repeat(64)}.com`,
  ])('rejects %j', (input) => {
    expect(normaliseSiteOrigin(input)).toBeNull();
  });
});

describe('siteOriginSchema', () => {
  it('normalises what the user typed', () => {
    expect(siteOriginSchema.parse('youtube.com/feed')).toBe('https://youtube.com');
  });

  it('explains what it wants', () => {
    expect(siteOriginSchema.safeParse('youtube').error?.issues[0]?.message).toBe(
      'Enter a site like youtube.com or https://www.youtube.com',
    );
  });
});

describe('hostOf and siteHost', () => {
  it('read the host a person recognises', () => {
    expect(hostOf('https://www.youtube.com')).toBe('www.youtube.com');
    expect(hostOf('http://localhost:3000/x?y')).toBe('localhost:3000');
    expect(siteHost('https://reddit.com')).toBe('reddit.com');
  });

  it('give null, or the text itself, for what is no URL', () => {
    expect(hostOf('not a url')).toBeNull();
    expect(hostOf(null)).toBeNull();
    expect(hostOf('')).toBeNull();
    expect(siteHost('not a url')).toBe('not a url');
  });
});

describe('hostOf edge cases', () => {
  it('skips user info and keeps a port', () => {
    expect(hostOf('https://user:pw@Example.COM:8443/path')).toBe('example.com:8443');
    expect(hostOf('https://youtube.com?x=1')).toBe('youtube.com');
  });
});
