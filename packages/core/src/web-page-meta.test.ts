import { describe, expect, it } from 'vitest';
import { privacyPolicy } from './legal/privacy';
import { termsOfService } from './legal/terms';
import { CHALLENGE_SHARE_PERCENT } from './rules/challenge';
import {
  PUBLIC_WEB_PAGE_PATHS,
  publicWebPageAt,
  sharedPageHead,
  WEB_PAGE_DESCRIPTION_MAX,
  WEB_PAGE_META,
} from './web-page-meta';
import { WEB_PAGE_NAMES, webPageTitle } from './web-page-titles';
import { WEB_PAGES } from './web-pages';

const publicPages = Object.entries(WEB_PAGES)
  .filter(([, crawl]) => crawl !== 'disallow')
  .map(([page]) => page);

describe('each public page’s sharing text', () => {
  it('covers every page crawlers may open, and no signed-in page', () => {
    expect([...PUBLIC_WEB_PAGE_PATHS].sort()).toEqual([...publicPages].sort());
    expect(Object.keys(WEB_PAGE_META).sort()).toEqual([...publicPages].sort());
  });

  it('gives every page its own title, description and headline', () => {
    const metas = Object.values(WEB_PAGE_META);
    for (const field of ['name', 'description', 'headline'] as const) {
      expect(new Set(metas.map((meta) => meta[field].toLowerCase())).size, field).toBe(metas.length);
    }
  });

  it.each(Object.entries(WEB_PAGE_META))('%s has a short, plain description', (_page, meta) => {
    expect(meta.description.length).toBeGreaterThan(30);
    expect(meta.description.length).toBeLessThanOrEqual(WEB_PAGE_DESCRIPTION_MAX);
    expect(meta.description).toMatch(/\.$/);
    expect(meta.description).not.toMatch(/[<>"]|!/);
  });

  it('names the legal pages and the challenge as they name themselves', () => {
    expect(WEB_PAGE_NAMES['/privacy']).toBe(privacyPolicy.title);
    expect(WEB_PAGE_NAMES['/terms']).toBe(termsOfService.title);
    expect(WEB_PAGE_NAMES['/twopercent']).toBe(`${CHALLENGE_SHARE_PERCENT}% challenge`);
  });

  it('writes tab titles with the brand after the page', () => {
    expect(webPageTitle('/gift')).toBe('Gift · Stillpoint');
  });

  it('finds a public page as the router matches it', () => {
    expect(publicWebPageAt('/Gift/')).toBe('/gift');
    expect(publicWebPageAt('/account')).toBeNull();
    expect(publicWebPageAt('/nowhere')).toBeNull();
  });
});

describe('the head of a shared link', () => {
  it('names who shared a referral link', () => {
    const head = sharedPageHead('/referral-link', 'Sam');
    expect(head.title).toBe('Sam invited you · Stillpoint');
    expect(head.shareTitle).toBe('Sam invited you to Stillpoint');
    expect(head.description).toContain('Sam shared Stillpoint');
    expect(head.description.length).toBeLessThanOrEqual(WEB_PAGE_DESCRIPTION_MAX);
  });

  it('cleans and shortens the sharer’s name as the page does', () => {
    const head = sharedPageHead('/referral-link', 'Sam\u202E\u0007 Averylongsurname Smith');
    expect(head.shareTitle).toBe('Sam invited you to Stillpoint');
  });

  it('falls back to the page’s own text without a name', () => {
    expect(sharedPageHead('/referral-link', ' \n').title).toBe(webPageTitle('/referral-link'));
    expect(sharedPageHead('/referral-link').description).toBe(WEB_PAGE_META['/referral-link'].description);
  });

  it('names the gift', () => {
    expect(sharedPageHead('/redeem').shareTitle).toBe('A year of Stillpoint Premium, a gift');
  });

  it('names no sharer on other pages', () => {
    expect(sharedPageHead('/gift', 'Sam')).toEqual(sharedPageHead('/gift'));
  });
});
