import { accessibilityViolations } from '../fixtures/axe';
import { expect, test } from '../fixtures/test';

// An address that is no page (core's WEB_PAGES) is answered with status 404 and the not-found
// page, drawn at build time, where it was asked for; the files a browser or a crawler asks the
// site's root for are there, each as what it is.

const heading = (name: string) => ({ level: 1, name }) as const;

for (const width of [375, 1280]) {
  test(`an unknown address shows "Page not found" with status 404, no redirect, axe clean, at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const response = await page.goto('/this/does/not/exist?x=1');
    expect(response?.status()).toBe(404);
    expect(response?.headers()['content-type']).toBe('text/html; charset=utf-8');
    expect(response?.headers()['x-robots-tag']).toBe('noindex');
    // Drawn at build time: the page is in the document itself, before any of the app has run.
    expect(await response?.text()).toContain('Page not found');

    await expect(page.getByRole('heading', heading('Page not found'))).toBeVisible();
    await expect(page).toHaveTitle('Page not found · Stillpoint');
    expect(new URL(page.url()).pathname).toBe('/this/does/not/exist');
    await expect(page.locator('meta[name="robots"][content="noindex"]').first()).toBeAttached();
    await expect(page.locator('footer')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);
  });
}

test('the way home leads a signed-out visitor on to sign in', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', heading('Page not found'))).toBeVisible();
  // Once the app has taken the drawing over, the link works.
  await expect(page.locator('[data-first-screen-notice]')).toHaveCount(0);
  await page.getByRole('link', { name: 'Go to Stillpoint' }).click();
  await expect(page.getByRole('heading', heading('Sign in or create account'))).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/);
});

test('a page asked for in other letters is still the page, and the API keeps its JSON 404', async ({
  request,
}) => {
  const gift = await request.get('/GIFT');
  expect(gift.status()).toBe(200);
  expect(await gift.text()).not.toContain('Page not found');
  const api = await request.get('/api/noSuchCall');
  expect(api.status()).toBe(404);
  expect(await api.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
});

test('the manifest and the icons load from the page, each as what it is', async ({ page }) => {
  await page.goto('/gift');
  await expect(page.getByRole('heading', heading('Give the gift of Stillpoint'))).toBeVisible();
  const found = await page.evaluate(async () => {
    const href = (selector: string) => document.querySelector<HTMLLinkElement>(selector)?.href ?? '';
    /** A PNG's width and height, from its IHDR chunk; null for anything else. */
    const pngSize = (bytes: DataView) =>
      bytes.getUint32(0) === 0x89504e47 ? `${bytes.getUint32(16)}x${bytes.getUint32(20)}` : null;
    const load = async (url: string) => {
      const response = await fetch(url);
      const bytes = new DataView(await response.arrayBuffer());
      return { status: response.status, type: response.headers.get('content-type'), size: pngSize(bytes) };
    };
    const manifestResponse = await fetch(href('link[rel="manifest"]'));
    const manifest = (await manifestResponse.json()) as {
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; purpose?: string }[];
    };
    return {
      manifestType: manifestResponse.headers.get('content-type'),
      manifest,
      icons: await Promise.all(
        manifest.icons.map(async (icon) => ({
          ...icon,
          ...(await load(new URL(icon.src, location.href).href)),
        })),
      ),
      touchIcon: await load(href('link[rel="apple-touch-icon"]')),
      favicon: await load(href('link[rel="icon"][href$=".ico"]')),
      themeColor: document.querySelector('meta[name="theme-color"]')?.getAttribute('content'),
    };
  });
  expect(found.manifestType).toMatch(/^application\/manifest\+json/);
  expect(found.manifest).toMatchObject({ start_url: '/', display: 'standalone' });
  expect(found.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(found.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
  for (const icon of found.icons) {
    expect(icon.status, icon.src).toBe(200);
    expect(icon.type, icon.src).toMatch(/^image\/png/);
    expect(icon.size, icon.src).toBe(icon.sizes);
  }
  expect(found.touchIcon).toEqual({ status: 200, type: 'image/png', size: '180x180' });
  expect(found.favicon.status).toBe(200);
  expect(found.favicon.type).toMatch(/^image\/(vnd\.microsoft\.icon|x-icon)/);
  expect(found.themeColor).toMatch(/^#[0-9a-f]{6}$/);
});

test('robots.txt and sitemap.xml are there for crawlers, from the public address', async ({
  request,
  baseURL,
}) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(robots.headers()['content-type']).toBe('text/plain; charset=utf-8');
  const lines = (await robots.text()).split('\n');
  expect(lines).toContain('Disallow: /api/');
  expect(lines).toContain(`Sitemap: ${baseURL}/sitemap.xml`);

  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()['content-type']).toBe('application/xml; charset=utf-8');
  const locations = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (match) => match[1] ?? '',
  );
  expect(locations).toContain(`${baseURL}/privacy`);
  expect(locations).not.toContain(`${baseURL}/subscription`);
  // Every address it lists is a page.
  for (const location of locations) expect((await request.get(location)).status(), location).toBe(200);
});
