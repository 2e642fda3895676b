import { describe, expect, it } from 'vitest';
import { siteForUrl, sitePattern, urlMatchesSite } from './matching';

const matches = (siteOrigin: string, url: string) => {
  const pattern = sitePattern(siteOrigin);
  if (!pattern) throw new Error(`no pattern for ${siteOrigin}`);
  return urlMatchesSite(url, pattern);
};

describe('matching a URL to an intercepted site', () => {
  it('matches the site on any path, query and scheme', () => {
    expect(matches('https://youtube.com', 'https://youtube.com/')).toBe(true);
    expect(matches('https://youtube.com', 'https://youtube.com/watch?v=abc&t=10#comments')).toBe(true);
    expect(matches('https://youtube.com', 'http://youtube.com/feed/subscriptions')).toBe(true);
  });

  it("treats 'www.' as the same site, whichever way round it was saved", () => {
    expect(matches('https://www.youtube.com', 'https://youtube.com/')).toBe(true);
    expect(matches('https://youtube.com', 'https://www.youtube.com/')).toBe(true);
    expect(matches('https://WWW.YouTube.com', 'https://www.youtube.com/')).toBe(true);
  });

  it('includes subdomains, and only real subdomains', () => {
    expect(matches('https://youtube.com', 'https://m.youtube.com/')).toBe(true);
    expect(matches('https://youtube.com', 'https://music.www.youtube.com/')).toBe(true);
    expect(matches('https://youtube.com', 'https://notyoutube.com/')).toBe(false);
    expect(matches('https://youtube.com', 'https://youtube.com.evil.example/')).toBe(false);
    expect(matches('https://youtube.com', 'https://evil.example/?next=https://youtube.com/')).toBe(false);
    expect(matches('https://m.youtube.com', 'https://youtube.com/')).toBe(false);
  });

  it('matches any port when the site has none, and only its port when it has one', () => {
    expect(matches('https://youtube.com', 'https://youtube.com:8443/')).toBe(true);
    expect(matches('http://localhost:8080', 'http://localhost:8080/app')).toBe(true);
    expect(matches('http://localhost:8080', 'http://localhost:3000/')).toBe(false);
    // An explicit default port is the same as none (core's normaliseSiteOrigin drops it).
    expect(matches('https://youtube.com:443', 'https://youtube.com:9000/')).toBe(true);
  });

  it('ignores non-web URLs and unreadable input', () => {
    expect(matches('https://youtube.com', 'chrome://settings')).toBe(false);
    expect(matches('https://youtube.com', 'not a url')).toBe(false);
    expect(sitePattern('https://[::1]')).toBeNull();
    expect(sitePattern('ftp://youtube.com')).toBeNull();
  });

  it("keeps 'www.com' a site of its own rather than all of .com", () => {
    expect(matches('https://www.com', 'https://www.com/')).toBe(true);
    expect(matches('https://www.com', 'https://example.com/')).toBe(false);
  });

  it('finds which of several sites a URL belongs to', () => {
    const sites = [{ siteOrigin: 'https://reddit.com' }, { siteOrigin: 'https://www.youtube.com' }];
    expect(siteForUrl('https://m.youtube.com/shorts/1', sites)).toBe(sites[1]);
    expect(siteForUrl('https://example.com/', sites)).toBeNull();
  });
});
