import { randomUUID } from 'node:crypto';
import type { Page, Request } from '@playwright/test';
import { readBreatheQuery } from '@stillpoint/core';
import { signInWithPhone } from '../fixtures/auth';
import { EXTENSION_ID, type ExtensionWorld, expect, test } from '../fixtures/extension';
import { TEST_SITE, UNRELATED_HOST } from '../fixtures/fixture-sites';

/** Navigates the tab; an intercepted navigation ends on another document, which goto may report as aborted. */
async function visit(page: Page, url: string) {
  await page.goto(url).catch(() => undefined);
}

/** Breathe's first screen, the extension page every redirect rule lands on (decision 035). */
const FIRST_SCREEN = `chrome-extension://${EXTENSION_ID}/breathe.html`;

/**
 * What the breathe page reads from its address: core's readBreatheQuery, as the web app does.
 * `handedOver` says the extension's first screen passed on when the breathing began.
 */
function breatheParams(page: Page) {
  const url = new URL(page.url());
  const { breathingSince, ...query } = readBreatheQuery(url);
  return { path: url.pathname, ...query, handedOver: typeof breathingSince === 'number' };
}

/** The tab shows the web app's breathe page, handed over by the first screen, for `returnUrl`. */
function expectBreatheFor(page: Page, world: ExtensionWorld, returnUrl: string, siteId: string) {
  expect(page.url().startsWith(`${world.server.baseURL}/breathe?`)).toBe(true);
  expect(breatheParams(page)).toEqual({ path: '/breathe', returnUrl, siteId, handedOver: true });
}

/**
 * Requests to the intercepted site's hosts since `mark` (world.sites.hits.length at the time):
 * the fixture sites serve every test in a worker, so each test counts its own.
 */
function siteHitsSince(world: ExtensionWorld, mark: number) {
  return world.sites.hits.slice(mark).filter((hit) => TEST_SITE.hosts.includes(hit.host));
}

/**
 * Every top-level document request and every document the tab commits while it is recorded:
 * enough to tell one redirect to breathe's first screen from a detour through other pages.
 */
function recordNavigations(page: Page) {
  const requests: Request[] = [];
  const committed: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) requests.push(request);
  });
  page.on('framenavigated', (frame) => {
    // Once per address: the app may replace its own history entry with the same address.
    if (frame === page.mainFrame() && committed.at(-1) !== frame.url()) committed.push(frame.url());
  });
  return {
    requests,
    committed,
    /**
     * The URLs the request for `landing` was redirected from, nearest first. A request for an
     * extension page may name the extension by its per-session id (use_dynamic_url), which the
     * committed page does not: the id is left out of the comparison.
     */
    redirectsBefore(landing: string): string[] {
      const withoutExtensionId = (address: string) =>
        address.replace(/#.*$/, '').replace(/^chrome-extension:\/\/[^/]+/, 'chrome-extension://');
      const request = requests.find(
        (candidate) => withoutExtensionId(candidate.url()) === withoutExtensionId(landing),
      );
      const chain: string[] = [];
      for (let from = request?.redirectedFrom(); from; from = from.redirectedFrom()) chain.push(from.url());
      return chain;
    },
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
    const mark = world.sites.hits.length;

    const url = 'https://www.distracting.test/article?id=7&from=feed';
    await visit(page, url);
    await expect(page).toHaveURL((current) => current.pathname === '/breathe');
    expectBreatheFor(page, world, url, site.id);

    // Subdomains too; another site is left alone.
    await visit(page, 'https://m.distracting.test/');
    await expect(page).toHaveURL((current) => current.pathname === '/breathe');
    expect(breatheParams(page).returnUrl).toBe('https://m.distracting.test/');
    expect(siteHitsSince(world, mark)).toEqual([]);

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
    expectBreatheFor(page, world, linked, site.id);
    expect(siteHitsSince(world, mark)).toEqual([]);
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
    expectBreatheFor(page, world, url, site.id);

    // And the next visit is intercepted again, without reaching the site.
    const mark = world.sites.hits.length;
    await visit(page, 'https://distracting.test/');
    await expect(page).toHaveURL((current) => current.pathname === '/breathe');
    expect(siteHitsSince(world, mark)).toEqual([]);
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

/** The code the worker's server accepts for its test numbers (fixtures/extension.ts). */
const WORKER_TEST_CODE = '123456';

/** One address of each shape that used to need a second hop, and a plain one. */
const URL_SHAPES = {
  plain: 'https://www.distracting.test/article/7',
  ampersand: 'https://www.distracting.test/watch?v=abc&t=90&list=later',
  plus: 'https://m.distracting.test/search?q=calm+mind+now',
  percent: 'https://distracting.test/r/%F0%9F%98%80?q=100%25&x=%26%3D',
  fragment: 'https://www.distracting.test/read?id=7&p=2#section-3',
} as const;

test.describe("one redirect to breathe's first screen, whatever the URL holds", () => {
  // The breathing pause alone takes 11 s.
  test.describe.configure({ timeout: 60_000 });

  for (const [shape, url] of Object.entries(URL_SHAPES)) {
    test(`${shape}: ${url}`, async ({ page, world }) => {
      const { person, site } = await world.personWithSite(page, TEST_SITE.origin);
      // The breathe page starts sessions for the person signed in on the web app: the same one.
      await signInWithPhone(page, person.phoneNumber.replace(/^\+1/, ''), () => WORKER_TEST_CODE);
      await expect(page).not.toHaveURL(/\/signin(\?|$)/);
      await visit(page, `https://${UNRELATED_HOST}/`);
      await expect(page.locator('#fixture-site')).toBeVisible();
      const mark = world.sites.hits.length;
      const navigations = recordNavigations(page);

      const startedAt = Date.now();
      await page.evaluate((href) => {
        window.location.href = href;
      }, url);
      await expect(page).toHaveURL((current) => current.pathname === '/breathe');

      // Exactly one redirect, from the address itself (the network never sees a fragment) to
      // breathe's first screen, carrying the exact address; then the web app's page takes over,
      // with the same address and when the breathing began. Nothing else, and nothing reached the site.
      const firstScreen = `${FIRST_SCREEN}?siteId=${site.id}&returnUrl=${url}`;
      expect(navigations.committed).toEqual([firstScreen, page.url()]);
      expect(navigations.redirectsBefore(firstScreen)).toEqual([url.replace(/#.*$/, '')]);
      expect(navigations.redirectsBefore(page.url())).toEqual([]);
      expectBreatheFor(page, world, url, site.id);
      const { breathingSince } = readBreatheQuery(new URL(page.url()));
      expect(breathingSince).toBeGreaterThanOrEqual(startedAt);
      expect(breathingSince).toBeLessThanOrEqual(Date.now());
      expect(siteHitsSince(world, mark)).toEqual([]);

      // Continue: after the pause, a session, and back to the exact address.
      await page.getByRole('button', { name: 'use site' }).click({ timeout: 20_000 });
      await page.getByRole('button', { name: '5 minutes' }).click();
      await expect(page.locator('#fixture-site')).toBeVisible();
      expect(page.url()).toBe(url);
      expect(siteHitsSince(world, mark).length).toBeGreaterThan(0);
    });
  }
});
