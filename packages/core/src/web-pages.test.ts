import { describe, expect, it } from 'vitest';
import {
  isWebPagePath,
  NOT_FOUND_DRAWING_PATH,
  robotsTxt,
  SITEMAP_PAGE_PATHS,
  sitemapXml,
  WEB_PAGES,
  webPageKey,
} from './web-pages';

describe('the web pages', () => {
  it.each(['/', '/gift', '/GIFT', '/gift/', '/mobiledownload', '/Newsletter/Confirm', '/admin/person'])(
    '%s is a page',
    (path) => expect(isWebPagePath(path)).toBe(true),
  );

  it.each(['/gifts', '/gift/x', '/api/healthz', '/favicon.ico', NOT_FOUND_DRAWING_PATH])(
    '%s is not a page',
    (path) => expect(isWebPagePath(path)).toBe(false),
  );

  it('keys a path as the router matches it', () => {
    expect(webPageKey('/Privacy//')).toBe('/privacy');
    expect(webPageKey('/')).toBe('/');
  });

  it('lists in the sitemap only the pages that stand on their own', () => {
    expect(SITEMAP_PAGE_PATHS.every((page) => WEB_PAGES[page] === 'list')).toBe(true);
    expect(SITEMAP_PAGE_PATHS).toContain('/privacy');
    expect(SITEMAP_PAGE_PATHS).not.toContain('/');
    expect(SITEMAP_PAGE_PATHS).not.toContain('/referral-link');
  });

  it('writes robots.txt that never disallows the whole site', () => {
    const robots = robotsTxt('https://stillpoint.app').split('\n');
    expect(robots).not.toContain('Disallow: /');
    expect(robots).toContain('Disallow: /api/');
    expect(robots).toContain('Disallow: /signout');
    expect(robots).not.toContain('Disallow: /gift');
    expect(robots).toContain('Sitemap: https://stillpoint.app/sitemap.xml');
  });

  it('writes each sitemap address in full, escaped for XML', () => {
    expect(sitemapXml('https://a.example')).toContain('<loc>https://a.example/signin</loc>');
    expect(sitemapXml('https://a.example/&')).toContain('<loc>https://a.example/&amp;/signin</loc>');
  });
});
