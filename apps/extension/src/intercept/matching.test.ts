import { describe, expect, it } from 'vitest';
import { siteForUrl } from './matching';

describe('finding the site a tab is on', () => {
  const youtube = { siteOrigin: 'https://www.youtube.com' };
  const reddit = { siteOrigin: 'https://reddit.com' };
  const localApp = { siteOrigin: 'http://localhost:8080' };
  const sites = [reddit, youtube, localApp];

  it('finds the site of any page, subdomain, scheme or port it covers', () => {
    expect(siteForUrl('https://m.youtube.com/shorts/1', sites)).toBe(youtube);
    expect(siteForUrl('http://youtube.com./', sites)).toBe(youtube);
    expect(siteForUrl('https://old.reddit.com:8443/r/all', sites)).toBe(reddit);
    expect(siteForUrl('http://localhost:8080/app', sites)).toBe(localApp);
  });

  it('finds none for other sites, other ports of a site with a port, and pages that are no web page', () => {
    expect(siteForUrl('https://example.com/', sites)).toBeNull();
    expect(siteForUrl('https://notyoutube.com/', sites)).toBeNull();
    expect(siteForUrl('http://localhost:9090/', sites)).toBeNull();
    expect(siteForUrl('chrome://settings', sites)).toBeNull();
  });

  it('skips a stored site it cannot read', () => {
    expect(siteForUrl('https://youtube.com/', [{ siteOrigin: 'https://[::1]' }, youtube])).toBe(youtube);
  });
});
