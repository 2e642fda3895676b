import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { NOT_FOUND_DRAWING_PATH, SITEMAP_PAGE_PATHS } from '@stillpoint/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app';

// A stand-in for `apps/web/dist`: index.html, the first screens the build draws (the not-found
// page among them) and the files of public/ at the root.
const INDEX_HTML = [
  '<!doctype html><html lang="en"><head><title>Stillpoint</title>',
  '<link rel="manifest" href="/manifest.webmanifest">',
  '<script type="module" crossorigin src="/assets/index-abc123.js"></script>',
  '</head><body><div id="root"></div></body></html>',
].join('\n');
const FIRST_SCREENS = {
  '/privacy': {
    html: '<main><h1>Privacy policy</h1></main>',
    title: 'Privacy policy · Stillpoint',
    unlessStored: [],
  },
  [NOT_FOUND_DRAWING_PATH]: {
    html: '<main><h1>Page not found</h1></main>',
    title: 'Page not found · Stillpoint',
    unlessStored: [],
  },
};
const MANIFEST = JSON.stringify({ name: 'Stillpoint', icons: [{ src: '/icon-192.png', sizes: '192x192' }] });
const PUBLIC_URL = 'https://stillpoint.example';

describe('addresses that are not pages', () => {
  let dist: string;
  let t: TestApp;
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'stillpoint-web-'));
    mkdirSync(path.join(dist, '.vite'), { recursive: true });
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
    writeFileSync(path.join(dist, '.vite', 'prerendered.json'), JSON.stringify(FIRST_SCREENS));
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("app")');
    writeFileSync(path.join(dist, 'favicon.ico'), Buffer.from([0, 0, 1, 0, 0, 0]));
    writeFileSync(path.join(dist, 'apple-touch-icon.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    writeFileSync(path.join(dist, 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    writeFileSync(path.join(dist, 'manifest.webmanifest'), MANIFEST);
    t = await createTestApp({ webDistDir: dist, publicUrl: PUBLIC_URL });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each(['/no-such-page', '/no/such/page?x=1', '/signin/extra', NOT_FOUND_DRAWING_PATH, '/index.htm'])(
    'answers %s with 404 and the not-found page, drawn and kept out of search results',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['x-robots-tag']).toBe('noindex');
      expect(response.body).toContain('<meta name="robots" content="noindex">');
      expect(response.body).toContain('<title>Page not found · Stillpoint</title>');
      expect(response.body).toContain('<main><h1>Page not found</h1></main>');
      // The drawing's guard is its one inline script, allowed by the policy's hash.
      expect(response.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
    },
  );

  it('sends the not-found page compressed, with the status kept', async () => {
    const response = await get('/nope', { 'accept-encoding': 'br' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString('utf8')).toContain('Page not found');
  });

  it('answers HEAD for an unknown path with 404 too', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: '/nope' });
    expect(response.statusCode).toBe(404);
  });

  it.each(['/', '/GIFT', '/Privacy/', '/mobiledownload', '/newsletter/confirm?token=x', '/account/deleted'])(
    'answers the page %s with 200, matched as the router matches it',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['x-robots-tag']).toBeUndefined();
      expect(response.body).not.toContain('noindex');
      expect(response.body).not.toContain('Page not found');
    },
  );

  it('keeps the first screen of a drawn page', async () => {
    const response = await get('/privacy');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<main><h1>Privacy policy</h1></main>');
  });

  it.each(['/api/unknown', '/api'])('keeps the JSON 404 for %s', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it("answers an unknown address of the payment provider's with a 404 that is not an app page", async () => {
    const response = await get('/local-pay/no-such-page');
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<div id="root"');
    expect(response.headers['x-robots-tag']).toBeUndefined();
  });

  it('serves robots.txt from the public origin: the API, the payment pages and signed-in pages disallowed', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    const lines = response.body.split('\n');
    expect(lines).toContain('User-agent: *');
    for (const path of ['/api/', '/local-pay/', '/subscription', '/account', '/onboarding', '/breathe'])
      expect(lines).toContain(`Disallow: ${path}`);
    // Home is the root: disallowing it would disallow every path.
    expect(lines).not.toContain('Disallow: /');
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  it('serves sitemap.xml with the public pages only, each at its absolute address', async () => {
    const response = await get('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locations = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual(SITEMAP_PAGE_PATHS.map((page) => `${PUBLIC_URL}${page}`));
    expect(locations).toContain(`${PUBLIC_URL}/privacy`);
    expect(locations).toContain(`${PUBLIC_URL}/gift`);
    for (const privatePage of ['/', '/subscription', '/breathe', '/signout', '/account'])
      expect(locations).not.toContain(`${PUBLIC_URL}${privatePage}`);
    expect(response.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org/,
    );
  });

  it.each([
    ['/favicon.ico', /^image\/(vnd\.microsoft\.icon|x-icon)/],
    ['/apple-touch-icon.png', /^image\/png/],
    ['/icon-192.png', /^image\/png/],
    ['/manifest.webmanifest', /^application\/manifest\+json/],
  ])('serves %s as a file of its own type, revalidated rather than kept', async (url, type) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(type);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('lets pages load the manifest under the Content-Security-Policy', async () => {
    const response = await get('/gift');
    expect(response.headers['content-security-policy']).toContain("manifest-src 'self'");
  });
});

describe('without a web build', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ webDistDir: null, publicUrl: PUBLIC_URL });
  });
  afterAll(() => t.close());

  it('still serves robots.txt and sitemap.xml, which need only the page list', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/robots.txt' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body).toContain(
      `<loc>${PUBLIC_URL}/signin</loc>`,
    );
  });
});
