import type { BrowserContext, Page } from '@playwright/test';
import { signInWithPhone } from '../fixtures/auth';
import { EXTENSION_ID, expect, test } from '../fixtures/extension-per-site';
import { TEST_SITE, UNRELATED_HOST } from '../fixtures/fixture-sites';

/**
 * Host access granted per site (decision 045), in the per-site test build: a site this browser has
 * not granted is shown as needing access, in the popup and on the web app, and is not intercepted;
 * once granted, the same redirect rule sends it to breathe before any request reaches it.
 */

const SITE_PATTERN = '*://*.distracting.test/*';
const POPUP = `chrome-extension://${EXTENSION_ID}/popup.html`;
/** The code the worker's server accepts for its test numbers (fixtures/extension.ts). */
const TEST_CODE = '123456';

async function visit(page: Page, url: string) {
  await page.goto(url).catch(() => undefined);
}

/** Requests the fixture server received for the intercepted site since `mark`. */
const siteHitsSince = (hits: { host: string }[], mark: number) =>
  hits.slice(mark).filter((hit) => TEST_SITE.hosts.includes(hit.host));

/** The redirect rules the extension holds, read from its service worker. */
function dynamicRules(context: BrowserContext) {
  const worker = context
    .serviceWorkers()
    .find((candidate) => candidate.url().startsWith(`chrome-extension://${EXTENSION_ID}`));
  if (!worker) throw new Error('The extension’s service worker is not running.');
  return worker.evaluate(() =>
    (
      globalThis as unknown as {
        chrome: { declarativeNetRequest: { getDynamicRules(): Promise<{ id: number }[]> } };
      }
    ).chrome.declarativeNetRequest.getDynamicRules(),
  );
}

test.describe('access granted per site', () => {
  test('a site without access needs it, shown in the popup and on home; once granted, no request reaches it', async ({
    page,
    context,
    world,
    siteAccess,
  }) => {
    const { person } = await world.personWithSite(page, TEST_SITE.origin);
    expect(await dynamicRules(context)).toEqual([]);

    // Not granted: the site opens as if there were no extension.
    let mark = world.sites.hits.length;
    await visit(page, 'https://www.distracting.test/before');
    await expect(page.locator('#fixture-site')).toHaveText('Fixture page on www.distracting.test');
    expect(siteHitsSince(world.sites.hits, mark).length).toBeGreaterThan(0);

    // The web app asks, and hears which sites need access here.
    await world.openWebApp(page);
    expect(
      await world.message(page, { type: 'GET_SITE_ACCESS', siteOrigins: ['https://distracting.test'] }),
    ).toEqual({ status: 'success', needsAccess: ['https://distracting.test'] });

    // The popup names the site and offers one button.
    const popup = await context.newPage();
    await popup.goto(POPUP);
    const popupAccess = popup.getByRole('region', { name: 'Needs access on this browser' });
    await expect(popupAccess.getByRole('list', { name: 'Sites that need access' })).toHaveText(
      'distracting.test',
    );
    await expect(popupAccess.getByRole('button', { name: 'Grant access' })).toBeVisible();

    // Home shows it too, and its button opens the extension's page for granting.
    await signInWithPhone(page, person.phoneNumber.replace(/^\+1/, ''), () => TEST_CODE);
    await expect(page).not.toHaveURL(/\/signin(\?|$)/);
    await page.goto('/');
    const homeAccess = page
      .getByRole('region', { name: "Sites we'll intercept" })
      .getByRole('region', { name: 'Needs access on this browser' });
    await expect(homeAccess.getByRole('list', { name: 'Sites that need access' })).toHaveText(
      'distracting.test',
    );
    const opened = context.waitForEvent('page', (candidate) => candidate.url().startsWith(POPUP));
    await homeAccess.getByRole('button', { name: 'Grant access' }).click();
    const grantPage = await opened;
    await expect(
      grantPage.getByRole('region', { name: 'Needs access on this browser' }).getByRole('button', {
        name: 'Grant access',
      }),
    ).toBeVisible();
    await grantPage.close();

    // Granted, as a person does in Chrome: the worker writes the site's rule at once.
    await siteAccess.grant(SITE_PATTERN);
    expect(await siteAccess.grantedOrigins(popup)).toContain(SITE_PATTERN);
    await expect.poll(async () => (await dynamicRules(context)).length).toBe(1);
    await expect(popupAccess).toHaveCount(0);

    mark = world.sites.hits.length;
    const url = 'https://www.distracting.test/after?from=feed';
    await visit(page, url);
    await expect(page).toHaveURL((current) => current.pathname === '/breathe');
    expect(new URL(page.url()).searchParams.get('returnUrl')).toBe(url);
    await visit(page, 'https://m.distracting.test/');
    await expect(page).toHaveURL((current) => current.pathname === '/breathe');
    expect(siteHitsSince(world.sites.hits, mark)).toEqual([]);

    // Back on home, the notice is gone.
    await page.goto('/');
    await expect(
      page.getByRole('region', { name: "Sites we'll intercept" }).getByRole('listitem').first(),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Needs access on this browser' })).toHaveCount(0);
  });

  test('a link from a site without access is intercepted too, and taking access back lets the site through', async ({
    page,
    context,
    world,
    siteAccess,
  }) => {
    await world.personWithSite(page, TEST_SITE.origin);
    await siteAccess.grant(SITE_PATTERN);
    await expect.poll(async () => (await dynamicRules(context)).length).toBe(1);

    // The page the link is on has no access granted: the rule acts on the site it leads to.
    let mark = world.sites.hits.length;
    await visit(page, `https://${UNRELATED_HOST}/`);
    await expect(page.locator('#fixture-site')).toBeVisible();
    const linked = 'https://distracting.test/search?q=calm';
    await page.evaluate((href) => {
      const link = Object.assign(document.createElement('a'), { href, textContent: 'A tempting link' });
      document.body.append(link);
    }, linked);
    await page.getByRole('link', { name: 'A tempting link' }).click();
    await expect(page).toHaveURL((current) => current.pathname === '/breathe');
    expect(siteHitsSince(world.sites.hits, mark)).toEqual([]);

    // Access taken back (Chrome's site access menu): the rule goes, the site opens.
    await siteAccess.revoke(SITE_PATTERN);
    await expect.poll(async () => (await dynamicRules(context)).length).toBe(0);
    mark = world.sites.hits.length;
    await visit(page, 'https://www.distracting.test/again');
    await expect(page.locator('#fixture-site')).toBeVisible();
    expect(siteHitsSince(world.sites.hits, mark).length).toBeGreaterThan(0);
  });
});
