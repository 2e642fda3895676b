import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PUBLIC_WEB_PAGE_PATHS, WEB_PAGE_META, WEB_PAGES, webPageTitle } from '@stillpoint/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app';

// A stand-in for `apps/web/dist`: index.html with its generic head, two drawn pages and the
// social images the build names.
const GENERIC_DESCRIPTION = 'Stillpoint: a breath before the scroll.';
const INDEX_HTML = [
  '<!doctype html><html lang="en"><head>',
  `<meta name="description" content="${GENERIC_DESCRIPTION}" />`,
  '<title>Stillpoint</title>',
  '<script type="module" crossorigin src="/assets/index-abc123.js"></script>',
  '</head><body><div id="root"></div></body></html>',
].join('\n');
const FIRST_SCREENS = {
  '/gift': { html: '<main><h1>Gift</h1></main>', title: 'Gift · Stillpoint', unlessStored: [] },
  '/referral-link': {
    html: '<main><h1>You are invited</h1></main>',
    title: 'Invitation · Stillpoint',
    unlessStored: [],
    unlessQuery: ['sharedByName'],
  },
};
const imageOf = (page: string) => `/social/${page.slice(1).replace(/\//g, '-').toLowerCase()}.0123456789.png`;
const SOCIAL = {
  width: 1200,
  height: 630,
  images: Object.fromEntries(PUBLIC_WEB_PAGE_PATHS.map((page) => [page, imageOf(page)])),
};
const PUBLIC_URL = 'https://stillpoint.example';
const GIFT_CODE = 'ABCD-EFGH-JKLM';

/** The head of a document, and the content of a tag in it. */
const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
const metaContent = (html: string, key: 'name' | 'property', name: string) =>
  new RegExp(`<meta ${key}="${name}" content="([^"]*)"\\s*/?>`).exec(headOf(html))?.[1];
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)">/.exec(headOf(html))?.[1];
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(headOf(html))?.[1];

describe('the head of each page', () => {
  let dist: string;
  let t: TestApp;
  const get = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'stillpoint-web-'));
    mkdirSync(path.join(dist, '.vite'), { recursive: true });
    mkdirSync(path.join(dist, 'social'));
    writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
    writeFileSync(path.join(dist, '.vite', 'prerendered.json'), JSON.stringify(FIRST_SCREENS));
    writeFileSync(path.join(dist, '.vite', 'social-images.json'), JSON.stringify(SOCIAL));
    writeFileSync(path.join(dist, imageOf('/gift').slice(1)), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    t = await createTestApp({ webDistDir: dist, publicUrl: PUBLIC_URL });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each(PUBLIC_WEB_PAGE_PATHS)(
    '%s says what it is, with absolute addresses on the public origin',
    async (page) => {
      const html = await get(page);
      const meta = WEB_PAGE_META[page];
      const url = `${PUBLIC_URL}${page}`;
      const image = `${PUBLIC_URL}${imageOf(page)}`;
      expect(titleOf(html)).toBe(webPageTitle(page));
      expect(headOf(html).match(/<title>/g)).toHaveLength(1);
      expect(metaContent(html, 'name', 'description')).toBe(meta.description);
      expect(html).not.toContain(GENERIC_DESCRIPTION);
      expect(canonicalOf(html)).toBe(url);
      expect(metaContent(html, 'property', 'og:type')).toBe('website');
      expect(metaContent(html, 'property', 'og:site_name')).toBe('Stillpoint');
      expect(metaContent(html, 'property', 'og:title')).toBeTruthy();
      expect(metaContent(html, 'property', 'og:description')).toBe(meta.description);
      expect(metaContent(html, 'property', 'og:url')).toBe(url);
      expect(metaContent(html, 'property', 'og:image')).toBe(image);
      expect(metaContent(html, 'property', 'og:image:width')).toBe('1200');
      expect(metaContent(html, 'property', 'og:image:height')).toBe('630');
      expect(metaContent(html, 'name', 'twitter:card')).toBe('summary_large_image');
      expect(metaContent(html, 'name', 'twitter:title')).toBe(metaContent(html, 'property', 'og:title'));
      expect(metaContent(html, 'name', 'twitter:description')).toBe(meta.description);
      expect(metaContent(html, 'name', 'twitter:image')).toBe(image);
      expect(html).not.toContain('content="noindex"');
    },
  );

  it('gives every public page its own title, description, address and image', async () => {
    const heads = await Promise.all(PUBLIC_WEB_PAGE_PATHS.map(get));
    for (const read of [
      titleOf,
      (html: string) => metaContent(html, 'name', 'description'),
      (html: string) => metaContent(html, 'property', 'og:title'),
      canonicalOf,
      (html: string) => metaContent(html, 'property', 'og:image'),
    ]) {
      expect(new Set(heads.map(read)).size).toBe(PUBLIC_WEB_PAGE_PATHS.length);
    }
  });

  it('keeps the head with a page’s first screen', async () => {
    const html = await get('/gift');
    expect(html).toContain('<main><h1>Gift</h1></main>');
    expect(titleOf(html)).toBe('Gift · Stillpoint');
    expect(metaContent(html, 'property', 'og:title')).toBe('Gift · Stillpoint');
  });

  it('names who shared a referral link', async () => {
    const html = await get(
      '/referral-link?sharedByName=Sam&sharedByUserId=0f0e0d0c-0b0a-4908-8706-050403020100',
    );
    expect(titleOf(html)).toBe('Sam invited you · Stillpoint');
    expect(metaContent(html, 'property', 'og:title')).toBe('Sam invited you to Stillpoint');
    expect(metaContent(html, 'name', 'twitter:title')).toBe('Sam invited you to Stillpoint');
    expect(metaContent(html, 'property', 'og:description')).toMatch(/^Sam shared Stillpoint with you/);
    // The address the preview links to is the page's, without what the link carried.
    expect(canonicalOf(html)).toBe(`${PUBLIC_URL}/referral-link`);
    expect(metaContent(html, 'property', 'og:image')).toBe(`${PUBLIC_URL}${imageOf('/referral-link')}`);
  });

  it('never writes markup from the sharer’s name into the head', async () => {
    const name = '<script>alert(1)</script>';
    const html = await get(`/referral-link?sharedByName=${encodeURIComponent(name)}`);
    expect(html).not.toContain('<script>alert');
    expect(headOf(html)).toContain('&lt;script&gt;');
    // Cleaned and shortened as the page writes it, then escaped.
    expect(titleOf(html)).toMatch(/^&lt;script&gt;alert\(1\)&lt;\/s… invited you · Stillpoint$/);
    expect(metaContent(html, 'property', 'og:title')).toMatch(/^&lt;script&gt;.* invited you to Stillpoint$/);
  });

  it('drops control characters and quotes stay inside their attribute', async () => {
    const html = await get(`/referral-link?sharedByName=${encodeURIComponent('Sa"m\u0007')}`);
    expect(metaContent(html, 'property', 'og:title')).toBe('Sa&quot;m invited you to Stillpoint');
    expect(html).not.toContain('\u0007');
  });

  it('names the gift, not its code, on a redeem link', async () => {
    const html = await get(`/redeem?redemptionCode=${GIFT_CODE}`);
    expect(metaContent(html, 'property', 'og:title')).toBe('A year of Stillpoint Premium, a gift');
    expect(canonicalOf(html)).toBe(`${PUBLIC_URL}/redeem`);
    expect(headOf(html)).not.toContain('ABCD');
  });

  it('puts no gift code in the head of any page', async () => {
    for (const page of Object.keys(WEB_PAGES)) {
      const html = await get(`${page}?redemptionCode=${GIFT_CODE}&code=${GIFT_CODE}`);
      expect(headOf(html), page).not.toContain('ABCD');
    }
  });

  it.each(['/', '/account', '/breathe'])('keeps signed-in %s generic', async (page) => {
    const html = await get(page);
    expect(titleOf(html)).toBe('Stillpoint');
    expect(metaContent(html, 'name', 'description')).toBe(GENERIC_DESCRIPTION);
    expect(html).not.toContain('og:title');
    expect(html).not.toContain('canonical');
  });

  it('serves the social images to be cached for good', async () => {
    const response = await t.app.inject({ method: 'GET', url: imageOf('/gift') });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
