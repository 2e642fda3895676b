import type { Page, Request } from '@playwright/test';
import { accessibilityViolations } from '../fixtures/axe';
import { expect, test } from '../fixtures/test';

// The cookie banner and consent (SPEC §2, §4; docs/consent.md): the server's development override
// chooses each browser context's country (docs/country-lookup.md), and every request the page
// makes is watched, so a tracking call that slips past the visitor's choice cannot go unseen.

const DEV_COUNTRY_HEADER = 'x-stillpoint-dev-country';
const TRACKING_PATHS = ['/api/trackAnalyticsEvent', '/api/trackTikTokEvent'];
const CONSENT_KEY = 'stillpoint.analyticsConsent';

test.use({ viewport: { width: 375, height: 812 } });

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

/**
 * Waits until the page has done what it does after loading: the banner mounts once the browser is
 * idle, then looks the country up, and held events leave (or not) once it answers.
 */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(
    () => new Promise((resolve) => requestIdleCallback(() => resolve(null), { timeout: 2000 })),
  );
  await page.waitForLoadState('networkidle');
}

const banner = (page: Page) => page.getByRole('region', { name: 'Cookie consent' });
const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

test.describe('a visitor from Germany', () => {
  test.use({ extraHTTPHeaders: { [DEV_COUNTRY_HEADER]: 'DE' } });

  test('is asked; after Reject no analytics or ad event leaves any page, and a reload asks no more', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const sent = watchTracking(page);
    await page.goto('/getting-started');
    await expect(heading(page, /Take back your attention/)).toBeVisible();

    await expect(banner(page)).toBeVisible();
    await expect(banner(page).getByRole('link', { name: /Privacy policy/ })).toHaveAttribute(
      'href',
      '/privacy',
    );
    expect(await accessibilityViolations(page)).toEqual([]);
    // Not a modal and not in the way: the page's own action can still be reached and pressed.
    await page.getByRole('button', { name: 'Get started' }).click({ trial: true });
    // Nothing is sent before a choice where the banner applies (decision 023).
    expect(sent).toEqual([]);

    await banner(page).getByRole('button', { name: 'Reject' }).click();
    await expect(banner(page)).toHaveCount(0);
    expect(await page.evaluate((key) => localStorage.getItem(key), CONSENT_KEY)).toContain('"denied"');

    // Browsing on: funnel steps (analytics and TikTok events), then the quiz (analytics).
    await page.getByRole('button', { name: 'Get started' }).click();
    await expect(heading(page, 'What brings you to Stillpoint?')).toBeVisible();
    await page.getByRole('button', { name: 'find focus', exact: true }).click();
    await expect(heading(page, 'What would make the biggest difference for you?')).toBeVisible();
    await page.goto('/quiz');
    await expect(heading(page, 'Eliminate distractions and be present again')).toBeVisible();
    await page.getByRole('radio', { name: 'find focus' }).click();
    await expect(page.getByRole('heading', { level: 2, name: /^Question 2 of 8/ })).toBeFocused();
    await settled(page);

    await page.reload();
    await expect(heading(page, 'Eliminate distractions and be present again')).toBeVisible();
    await settled(page);
    await expect(banner(page)).toHaveCount(0);
    expect(sent).toEqual([]);
  });

  test('after Accept, the choice and the tracking it allows are sent', async ({ page }) => {
    const sent = watchTracking(page);
    await page.goto('/getting-started');
    await banner(page).getByRole('button', { name: 'Accept' }).click();
    await expect(banner(page)).toHaveCount(0);
    await expect.poll(() => sent).toContain('/api/trackAnalyticsEvent cookieConsent');

    await page.getByRole('button', { name: 'Get started' }).click();
    await expect.poll(() => sent).toContain('/api/trackAnalyticsEvent funnelStep');
    await expect.poll(() => sent).toContain('/api/trackTikTokEvent ViewContent');
  });
});

test.describe('a visitor from the US', () => {
  test.use({ extraHTTPHeaders: { [DEV_COUNTRY_HEADER]: 'US' } });

  test('sees no banner, and analytics and ad events are sent', async ({ page }) => {
    const sent = watchTracking(page);
    await page.goto('/getting-started');
    await expect(heading(page, /Take back your attention/)).toBeVisible();
    await page.getByRole('button', { name: 'Get started' }).click();
    await expect(heading(page, 'What brings you to Stillpoint?')).toBeVisible();

    await expect.poll(() => sent).toContain('/api/trackAnalyticsEvent funnelStep');
    await expect.poll(() => sent).toContain('/api/trackTikTokEvent ViewContent');
    await settled(page);
    await expect(banner(page)).toHaveCount(0);
  });
});
