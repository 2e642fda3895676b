import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { EXTENSION_ID, type ExtensionWorld, expect, test } from '../fixtures/extension';
import { TEST_SITE, UNRELATED_HOST } from '../fixtures/fixture-sites';

/** Navigates the tab; an intercepted navigation ends on another document, which goto may report as aborted. */
async function visit(page: Page, url: string) {
  await page.goto(url).catch(() => undefined);
}

function breatheParams(page: Page) {
  const url = new URL(page.url());
  return {
    path: url.pathname,
    returnUrl: url.searchParams.get('returnUrl'),
    siteId: url.searchParams.get('siteId'),
  };
}

/** Starts a session on the site through the extension, as the breathe page does; returns when it ends (epoch ms). */
async function startSession(
  world: ExtensionWorld,
  page: Page,
  siteId: string,
  numMs: number,
): Promise<number> {
  const timeStarted = Math.floor(Date.now() / 1000);
  expect(
    await world.message(page, { type: 'START_SESSION', siteId, sessionId: randomUUID(), numMs, timeStarted }),
  ).toEqual({ status: 'success' });
  return timeStarted * 1000 + numMs;
}

test.describe('intercepting a chosen site', () => {
  test('a visit lands on the breathe page and the site is never requested', async ({ page, world }) => {
    const { site } = await world.personWithSite(page, TEST_SITE.origin);

    const url = 'https://www.distracting.test/article?id=7&from=feed';
    await visit(page, url);
    await expect(page).toHaveURL((current) => current.pathname === '/breathe');
    expect(page.url().startsWith(`${world.server.baseURL}/breathe?`)).toBe(true);
    expect(breatheParams(page)).toEqual({ path: '/breathe', returnUrl: url, siteId: site.id });

    // Subdomains too; another site is left alone.
    await visit(page, 'https://m.distracting.test/');
    await expect(page).toHaveURL((current) => current.pathname === '/breathe');
    expect(breatheParams(page).returnUrl).toBe('https://m.distracting.test/');
    for (const host of TEST_SITE.hosts) expect(world.sites.hitsOn(host), host).toBe(0);

    // Following a link from another site, with a query that must survive whole.
    await visit(page, `https://${UNRELATED_HOST}/`);
    await expect(page.locator('#fixture-site')).toBeVisible();
    const linked = 'https://distracting.test/search?q=calm+mind&lang=en%2Dgb';
    await page.evaluate((href) => {
      const link = Object.assign(document.createElement('a'), { href, textContent: 'A tempting link' });
      document.body.append(link);
    }, linked);
    await page.getByRole('link', { name: 'A tempting link' }).click();
    await expect(page).toHaveURL((current) => current.pathname === '/breathe');
    expect(breatheParams(page)).toEqual({ path: '/breathe', returnUrl: linked, siteId: site.id });
    for (const host of TEST_SITE.hosts) expect(world.sites.hitsOn(host), host).toBe(0);
  });

  test('a started session lets the site through, and ends on time', async ({ page, world }) => {
    const { site } = await world.personWithSite(page, TEST_SITE.origin);

    const numMs = 5000;
    const endsAt = await startSession(world, page, site.id, numMs);

    const url = 'https://www.distracting.test/reading';
    await visit(page, url);
    await expect(page.locator('#fixture-site')).toHaveText('Fixture page on www.distracting.test');
    expect(world.sites.hitsOn('www.distracting.test')).toBeGreaterThan(0);
    expect(Date.now()).toBeLessThan(endsAt);

    // When the session ends, the open tab goes back to the breathe page by itself.
    await expect(page).toHaveURL((current) => current.pathname === '/breathe', { timeout: numMs + 10_000 });
    const sentBackAt = Date.now();
    expect(sentBackAt).toBeGreaterThanOrEqual(endsAt - 50);
    expect(sentBackAt - endsAt).toBeLessThan(3000);
    expect(breatheParams(page)).toEqual({ path: '/breathe', returnUrl: url, siteId: site.id });

    // And the next visit is intercepted again, without reaching the site.
    await visit(page, 'https://distracting.test/');
    await expect(page).toHaveURL((current) => current.pathname === '/breathe');
    expect(world.sites.hitsOn('distracting.test')).toBe(0);
  });

  test('a session still ends on time after Chrome stops the service worker', async ({
    context,
    page,
    world,
  }) => {
    const { site } = await world.personWithSite(page, TEST_SITE.origin);

    const numMs = 8000;
    const endsAt = await startSession(world, page, site.id, numMs);
    await visit(page, 'https://www.distracting.test/long-read');
    await expect(page.locator('#fixture-site')).toBeVisible();

    // Stop the worker the way Chrome does when it is idle: its timers are gone, storage and alarms stay.
    const internals = await context.newPage();
    await internals.goto('chrome://serviceworker-internals/');
    const registration = internals.locator('.serviceworker-registration').filter({ hasText: EXTENSION_ID });
    await registration.getByRole('button', { name: 'Stop' }).first().click();
    await expect(registration).toContainText('Running Status: STOPPED');
    expect(Date.now()).toBeLessThan(endsAt);

    await expect(page).toHaveURL((current) => current.pathname === '/breathe', { timeout: numMs + 10_000 });
    // Only the alarm can have woken it (unpacked extensions' alarms are not held to 30 s).
    expect(Date.now()).toBeGreaterThanOrEqual(endsAt - 50);
    expect(Date.now() - endsAt).toBeLessThan(5000);
    expect(breatheParams(page).siteId).toBe(site.id);
  });

  test('a site switched off on the dashboard is no longer intercepted', async ({ page, world }) => {
    const { person, site } = await world.personWithSite(page, TEST_SITE.origin);
    const response = await world.api.post('/api/updateBrowserCustomSite', {
      headers: { Authorization: `Bearer ${person.token}` },
      data: { siteId: site.id, active: false },
    });
    expect(response.status()).toBe(200);
    await world.message(page, { type: 'CLEAR_BROWSER_SITES_CACHE' });

    await visit(page, 'https://www.distracting.test/');
    await expect(page.locator('#fixture-site')).toBeVisible();
  });
});
