import type { Page } from '@playwright/test';
import { WEB_PAGES, type WebPagePath } from '@stillpoint/core';
import { sessionTokenOf } from '../fixtures/auth';
import { expect, signInNewPerson, test } from '../fixtures/people';

// Every public page (core's WEB_PAGES that crawlers may visit), the not-found page and a signed-in
// home, at a phone's and a computer's width, compared with the committed baselines
// (docs/visual-regression.md). A page that draws differently fails with a diff image.

const SIZES = [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
] as const;

/** A fixed moment, in the past so a new session never looks expired: the greeting says "Good morning". */
const FIXED_NOW = new Date('2026-03-02T09:30:00Z');

const PUBLIC_PAGES = (Object.keys(WEB_PAGES) as WebPagePath[]).filter(
  (page) => WEB_PAGES[page] !== 'disallow',
);
const NOT_FOUND_ADDRESS = '/no-such-page';

/** The sites home lists, so the page shows its cards rather than its empty state. */
const HOME_SITES = [
  { siteOrigin: 'https://www.youtube.com', budget: 3 },
  { siteOrigin: 'https://news.ycombinator.com', budget: 1 },
] as const;

/** The snapshot's name: the path without slashes, e.g. `newsletter-confirm-375.png`. */
const snapshotName = (path: string, width: number) =>
  `${path.replace(/^\//, '').replace(/\//g, '-') || 'home'}-${width}.png`;

/**
 * The whole page, to catch a break below the fold; the terms at 375 px are over 7000 px tall, and
 * a busy machine takes seconds over them.
 */
const SHOT = { fullPage: true, timeout: 20_000 } as const;

// A failure's diff image says what changed: a trace's own screenshots of every step would only
// slow each page down.
test.use({ locale: 'en-US', timezoneId: 'UTC', trace: 'off', screenshot: 'off' });

/**
 * Waits until the page is the app's finished page: the first screen drawn at build time taken
 * over, no spinner, the fonts and every visible image loaded.
 */
async function settled(page: Page) {
  // A busy machine takes a while to load and run the app.
  await expect(page.locator('#root > [inert]')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.locator('[data-first-screen-notice]')).toHaveCount(0);
  await expect(page.locator('.animate-spin')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForFunction(() =>
    Array.from(document.images).every(
      (image) => !image.checkVisibility() || (image.complete && image.naturalWidth > 0),
    ),
  );
}

for (const size of SIZES) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: size });

    for (const path of [...PUBLIC_PAGES, NOT_FOUND_ADDRESS]) {
      test(`${path} looks as it did`, async ({ page }) => {
        await page.clock.setFixedTime(FIXED_NOW);
        await page.goto(path);
        await settled(page);
        await expect(page).toHaveScreenshot(
          snapshotName(path === NOT_FOUND_ADDRESS ? '/404' : path, size.width),
          // The test server's address (/gift names its /redeem) has a new port each run.
          { ...SHOT, mask: [page.getByText(new URL(page.url()).host)] },
        );
      });
    }

    test('home, signed in with two sites, looks as it did', async ({ page, newPerson }) => {
      await signInNewPerson(page, newPerson());
      const headers = { Authorization: `Bearer ${await sessionTokenOf(page)}` };
      for (const site of HOME_SITES) {
        const added = await page.request.post('/api/addBrowserSite', { headers, data: site });
        expect(added.status(), await added.text()).toBe(200);
      }
      await page.clock.setFixedTime(FIXED_NOW);
      await page.goto('/');
      await settled(page);
      await expect(page.getByRole('heading', { name: 'news.ycombinator.com' })).toBeVisible();
      await expect(page).toHaveScreenshot(snapshotName('/', size.width), SHOT);
    });
  });
}
