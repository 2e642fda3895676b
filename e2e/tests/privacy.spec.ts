import type { Page, Request } from '@playwright/test';
import { accessibilityViolations } from '../fixtures/axe';
import { expect, test } from '../fixtures/test';

// The privacy policy and the terms (docs/privacy.md) and Cookie settings (docs/consent.md): real
// pages drawn at build time, linked from sign-in and the footer, readable on a phone and a
// computer; and a cookie choice that can be reopened and withdrawn, after which nothing is tracked.

const DEV_COUNTRY_HEADER = 'x-stillpoint-dev-country';
const TRACKING_PATHS = ['/api/trackAnalyticsEvent', '/api/trackTikTokEvent'];
const CONSENT_KEY = 'stillpoint.analyticsConsent';

const legalPages: [path: string, heading: string][] = [
  ['/privacy', 'Privacy policy'],
  ['/terms', 'Terms of service'],
];

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const banner = (page: Page) => page.getByRole('region', { name: 'Cookie consent' });
const legalNav = (page: Page) => page.getByRole('navigation', { name: 'Legal' });
const isTracking = (request: Request) => TRACKING_PATHS.includes(new URL(request.url()).pathname);

/** Every tracking call the page sends from now on, as `path name`. */
function watchTracking(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (!isTracking(request)) return;
    const body = request.postDataJSON() as { name?: string; event?: string } | null;
    sent.push(`${new URL(request.url()).pathname} ${body?.name ?? body?.event ?? ''}`);
  });
  return sent;
}

/** Waits until the page has done what it does after an action: its requests, then an idle browser. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(
    () => new Promise((resolve) => requestIdleCallback(() => resolve(null), { timeout: 2000 })),
  );
  await page.waitForLoadState('networkidle');
}

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const [path, name] of legalPages) {
      test(`${path} reads as a page of its own: heading, last updated, contents, sections, no sideways scroll, axe clean`, async ({
        page,
      }) => {
        await page.goto(path);
        await expect(heading(page, name)).toBeVisible();
        await expect(page.getByText(/^Last updated/)).toContainText(/[A-Z][a-z]+ \d{1,2}, \d{4}/);
        await expect(page.getByText(/not legal advice/)).toBeVisible();
        const contents = page.getByRole('navigation', { name: 'On this page' });
        const sections = await contents.getByRole('link').count();
        expect(sections).toBeGreaterThan(8);
        await expect(page.locator('main article > section > h2')).toHaveCount(sections);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
          true,
        );
        // Lines stay readable: no paragraph runs wider than about 75 characters.
        const widest = await page.evaluate(() =>
          Math.max(
            ...[...document.querySelectorAll('main section > p')].map((p) => p.getBoundingClientRect().width),
          ),
        );
        expect(widest).toBeLessThanOrEqual(16 * 45);
        expect(await accessibilityViolations(page)).toEqual([]);
      });
    }
  });
}

test.describe('the pages', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('are drawn at build time: each shows its first screen before any of the app has run', async ({
    page,
  }) => {
    await page.route('**/assets/*.js', (route) => route.abort());
    for (const [path, name] of legalPages) {
      await page.goto(path);
      await expect(page.locator('#root > [inert] h1'), path).toHaveText(name);
      await expect(page.locator('#root > [inert]'), path).toContainText('Last updated');
    }
  });

  test('the app takes them over without moving anything', async ({ page }) => {
    for (const [path, name] of legalPages) {
      await page.goto(path);
      await expect(heading(page, name)).toBeVisible();
      await expect(page.locator('#root > [inert]'), path).toHaveCount(0);
      const shift = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            let total = 0;
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries())
                total += (entry as PerformanceEntry & { value: number }).value;
            }).observe({ type: 'layout-shift', buffered: true });
            setTimeout(() => resolve(total), 100);
          }),
      );
      expect(shift, path).toBe(0);
    }
  });

  test('a contents link brings its section into view', async ({ page }) => {
    await page.goto('/privacy');
    await page
      .getByRole('navigation', { name: 'On this page' })
      .getByRole('link', { name: 'Your rights' })
      .click();
    await expect(page).toHaveURL(/\/privacy#rights$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Your rights' })).toBeInViewport();
  });

  test('are linked from sign-in, opening in a new tab so what was typed stays', async ({ page, context }) => {
    await page.goto('/signin');
    const agreement = page.getByText(/^By continuing, you agree to/);
    await expect(agreement).toBeVisible();
    for (const [path, name] of [
      ['/terms', 'terms of service'],
      ['/privacy', 'privacy policy'],
    ] as const) {
      const link = agreement.getByRole('link', { name: new RegExp(`^${name}`) });
      await expect(link).toHaveAttribute('href', path);
      await expect(link).toHaveAttribute('target', '_blank');
    }

    const opened = context.waitForEvent('page');
    await agreement.getByRole('link', { name: /^terms of service/ }).click();
    const terms = await opened;
    await expect(heading(terms, 'Terms of service')).toBeVisible();
    await terms.close();
  });

  test('are linked from the footer, and from each other', async ({ page }) => {
    await page.goto('/twopercent');
    await legalNav(page).getByRole('link', { name: 'Privacy policy' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(heading(page, 'Privacy policy')).toBeVisible();

    await legalNav(page).getByRole('link', { name: 'Terms of service' }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(heading(page, 'Terms of service')).toBeVisible();
    await page
      .getByRole('region', { name: 'Your account' })
      .getByRole('link', { name: 'privacy policy' })
      .click();
    await expect(heading(page, 'Privacy policy')).toBeVisible();
  });
});

test.describe('cookie settings, for a visitor from Germany who accepted', () => {
  test.use({ viewport: { width: 375, height: 812 }, extraHTTPHeaders: { [DEV_COUNTRY_HEADER]: 'DE' } });

  test('reopen from the footer; after Reject there, no analytics or ad event leaves the page', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const sent = watchTracking(page);
    await page.goto('/quiz-results');
    await banner(page).getByRole('button', { name: 'Accept' }).click();
    await expect(banner(page)).toHaveCount(0);
    await expect.poll(() => sent).toContain('/api/trackAnalyticsEvent cookieConsent');

    // Tracking is on: a quiz answer is sent.
    await page.getByRole('link', { name: 'Take the quiz' }).click();
    await page.getByRole('radio', { name: 'find focus' }).click();
    await expect(page.getByRole('heading', { level: 2, name: /^Question 2 of 8/ })).toBeFocused();
    await expect.poll(() => sent).toContain('/api/trackAnalyticsEvent quizQuestionAnswered');

    // Back in the app, without a reload: the footer's Cookie settings.
    await page.goBack();
    const settings = legalNav(page).getByRole('button', { name: 'Cookie settings' });
    await settings.click();
    await expect(banner(page)).toBeFocused();
    await expect(banner(page)).toContainText('This is on now.');
    expect(await accessibilityViolations(page)).toEqual([]);
    await banner(page).getByRole('button', { name: 'Reject' }).click();
    await expect(banner(page)).toHaveCount(0);
    await expect(settings).toBeFocused();
    expect(await page.evaluate((key) => localStorage.getItem(key), CONSENT_KEY)).toContain('"denied"');

    // From that moment on, the same answers send nothing.
    await settled(page);
    const before = [...sent];
    await page.getByRole('link', { name: 'Take the quiz' }).click();
    await expect(page.getByRole('heading', { level: 2, name: /^Question 2 of 8/ })).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('heading', { level: 2, name: /^Question 1 of 8/ })).toBeFocused();
    await page.getByRole('radio', { name: 'find focus' }).click();
    await expect(page.getByRole('heading', { level: 2, name: /^Question 2 of 8/ })).toBeFocused();
    await settled(page);
    expect(sent).toEqual(before);
  });
});

test.describe('cookie settings, for a visitor from the US', () => {
  test.use({ viewport: { width: 1280, height: 900 }, extraHTTPHeaders: { [DEV_COUNTRY_HEADER]: 'US' } });

  test('open though no banner asked; Escape keeps the choice, Reject stops tracking at once', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const sent = watchTracking(page);
    await page.goto('/quiz-results');
    await settled(page);
    await expect(banner(page)).toHaveCount(0);

    const settings = legalNav(page).getByRole('button', { name: 'Cookie settings' });
    await settings.click();
    await expect(banner(page)).toBeFocused();
    await expect(banner(page)).toContainText('This is on now.');
    await page.keyboard.press('Escape');
    await expect(banner(page)).toHaveCount(0);
    await expect(settings).toBeFocused();
    expect(await page.evaluate((key) => localStorage.getItem(key), CONSENT_KEY)).toBeNull();

    await page.keyboard.press('Enter');
    await banner(page).getByRole('button', { name: 'Reject' }).click();
    await expect(banner(page)).toHaveCount(0);
    await settled(page);
    const before = [...sent];

    await page.getByRole('link', { name: 'Take the quiz' }).click();
    await page.getByRole('radio', { name: 'find focus' }).click();
    await expect(page.getByRole('heading', { level: 2, name: /^Question 2 of 8/ })).toBeFocused();
    await settled(page);
    expect(sent).toEqual(before);
  });
});
