import { describe, expect, it } from 'vitest';
import { normaliseSiteOrigin } from '../validation/site';
import { isSameSite, type SiteIdentity, siteIdentity, siteMatchKey, urlBelongsToSite } from './identity';

/** Whether visiting `url` is intercepted for the site typed as `typed`. */
function intercepts(typed: string, url: string): boolean {
  const identity = siteIdentity(typed);
  if (!identity) throw new Error(`${typed} is no site`);
  return urlBelongsToSite(url, identity);
}

describe('what a typed site means', () => {
  // typed text → stored origin → identity key: the table in docs/sites.md.
  it.each([
    ['youtube.com', 'https://youtube.com', 'youtube.com'],
    ['www.youtube.com', 'https://www.youtube.com', 'youtube.com'],
    ['WWW.YouTube.com.', 'https://www.youtube.com', 'youtube.com'],
    ['http://youtube.com/watch?v=1#t', 'http://youtube.com', 'youtube.com'],
    ['https://youtube.com:443/feed', 'https://youtube.com', 'youtube.com'],
    ['http://youtube.com:443', 'http://youtube.com', 'youtube.com'],
    ['m.youtube.com', 'https://m.youtube.com', 'm.youtube.com'],
    ['www.m.youtube.com', 'https://www.m.youtube.com', 'm.youtube.com'],
    ['www.com', 'https://www.com', 'www.com'],
    ['www.www.com', 'https://www.www.com', 'www.com'],
    ['localhost', 'https://localhost', 'localhost'],
    ['www.localhost', 'https://www.localhost', 'localhost'],
    ['localhost:8080', 'https://localhost:8080', 'localhost:8080'],
    ['http://localhost:08080/app', 'http://localhost:8080', 'localhost:8080'],
    ['bücher.de', 'https://xn--bcher-kva.de', 'xn--bcher-kva.de'],
    ['WWW.BÜCHER.DE', 'https://www.xn--bcher-kva.de', 'xn--bcher-kva.de'],
    ['127.0.0.1:3000', 'https://127.0.0.1:3000', '127.0.0.1:3000'],
  ])('%j is stored as %s and is the site %s', (typed, origin, key) => {
    expect(normaliseSiteOrigin(typed)).toBe(origin);
    expect(siteMatchKey(typed)).toBe(key);
    // The stored origin means the same site as the text it came from.
    expect(siteMatchKey(origin)).toBe(key);
  });

  it('reads host and port apart, with no port when none or a default one was typed', () => {
    expect(siteIdentity('https://www.youtube.com/feed')).toEqual<SiteIdentity>({
      host: 'youtube.com',
      port: null,
    });
    expect(siteIdentity('localhost:9090')).toEqual<SiteIdentity>({ host: 'localhost', port: 9090 });
    expect(siteIdentity('example.com:80')).toEqual<SiteIdentity>({ host: 'example.com', port: null });
  });

  it.each([
    '',
    'youtube',
    'ftp://youtube.com',
    'user@youtube.com',
    '[::1]',
    'youtube.com:99999',
    'you tube.com',
  ])('finds no site in %j', (text) => {
    expect(siteIdentity(text)).toBeNull();
  });

  it('keys text that is no site as itself, so it never matches a site', () => {
    expect(siteMatchKey('  YouTube ')).toBe('youtube');
    expect(siteMatchKey('youtu')).not.toBe(siteMatchKey('youtube.com'));
  });
});

describe('when two typed sites are the same site', () => {
  it.each([
    ['youtube.com', 'www.youtube.com'],
    ['youtube.com', 'WWW.YouTube.com.'],
    ['youtube.com', 'http://youtube.com/feed'],
    ['youtube.com', 'youtube.com:443'],
    ['localhost:8080', 'http://LOCALHOST:8080/x'],
    ['localhost', 'www.localhost'],
    ['bücher.de', 'xn--bcher-kva.de'],
    ['www.com', 'www.www.com'],
  ])('%j and %j are one site', (a, b) => {
    expect(isSameSite(a, b)).toBe(true);
    expect(siteMatchKey(a)).toBe(siteMatchKey(b));
  });

  it.each([
    ['youtube.com', 'm.youtube.com'],
    ['localhost', 'localhost:8080'],
    ['localhost:8080', 'localhost:9090'],
    ['www.com', 'com.com'],
    ['youtube.com', 'youtube.co'],
    ['example.com', 'example.com:8443'],
  ])('%j and %j are two sites', (a, b) => {
    expect(isSameSite(a, b)).toBe(false);
    expect(siteMatchKey(a)).not.toBe(siteMatchKey(b));
  });

  it('never calls text that is no site the same site, not even as itself', () => {
    expect(isSameSite('youtube', 'youtube')).toBe(false);
    expect(isSameSite('youtube.com', 'youtube')).toBe(false);
  });
});

describe('which URLs a site intercepts', () => {
  it('every page of the site, on http and https', () => {
    expect(intercepts('youtube.com', 'https://youtube.com/')).toBe(true);
    expect(intercepts('youtube.com', 'https://youtube.com/watch?v=abc&t=10#comments')).toBe(true);
    expect(intercepts('youtube.com', 'http://youtube.com/feed/subscriptions')).toBe(true);
    expect(intercepts('https://youtube.com', 'http://youtube.com/')).toBe(true);
  });

  it("the host with or without 'www.', whichever way round it was typed, in any letter case", () => {
    expect(intercepts('www.youtube.com', 'https://youtube.com/')).toBe(true);
    expect(intercepts('youtube.com', 'https://www.youtube.com/')).toBe(true);
    expect(intercepts('youtube.com', 'https://WWW.YOUTUBE.COM/')).toBe(true);
    expect(intercepts('youtube.com', 'https://youtube.com./')).toBe(true);
  });

  it('subdomains, and only real subdomains', () => {
    expect(intercepts('youtube.com', 'https://m.youtube.com/')).toBe(true);
    expect(intercepts('youtube.com', 'https://music.www.youtube.com/')).toBe(true);
    expect(intercepts('youtube.com', 'https://notyoutube.com/')).toBe(false);
    expect(intercepts('youtube.com', 'https://youtube.com.evil.example/')).toBe(false);
    expect(intercepts('youtube.com', 'https://evil.example/?next=https://youtube.com/')).toBe(false);
    expect(intercepts('youtube.com', 'https://youtube.com@evil.example/')).toBe(false);
    expect(intercepts('m.youtube.com', 'https://youtube.com/')).toBe(false);
    expect(intercepts('m.youtube.com', 'https://www.youtube.com/')).toBe(false);
  });

  it('any port when the site has none, only its port when it has one', () => {
    expect(intercepts('youtube.com', 'https://youtube.com:8443/')).toBe(true);
    expect(intercepts('localhost', 'http://localhost:3000/')).toBe(true);
    expect(intercepts('localhost:8080', 'http://localhost:8080/app')).toBe(true);
    expect(intercepts('localhost:8080', 'https://localhost:8080/')).toBe(true);
    expect(intercepts('localhost:8080', 'http://localhost:9090/')).toBe(false);
    expect(intercepts('localhost:8080', 'http://localhost/')).toBe(false);
    expect(intercepts('youtube.com:443', 'https://youtube.com:9000/')).toBe(true);
  });

  it("'www.com' as a site of its own, not all of '.com'", () => {
    expect(intercepts('www.com', 'https://www.com/')).toBe(true);
    expect(intercepts('www.com', 'https://m.www.com/')).toBe(true);
    expect(intercepts('www.com', 'https://example.com/')).toBe(false);
  });

  it('international names as the browser sends them', () => {
    expect(intercepts('bücher.de', 'https://xn--bcher-kva.de/')).toBe(true);
    expect(intercepts('bücher.de', 'https://www.bücher.de/')).toBe(true);
    expect(intercepts('bücher.de', 'https://bucher.de/')).toBe(false);
  });

  it('no other kind of address', () => {
    expect(intercepts('youtube.com', 'chrome://settings')).toBe(false);
    expect(intercepts('youtube.com', 'ftp://youtube.com/')).toBe(false);
    expect(intercepts('youtube.com', 'not a url')).toBe(false);
    expect(intercepts('localhost', 'http://[::1]/')).toBe(false);
  });
});
