import { signInWithTestPhone } from '../fixtures/auth';
import { EXTENSION_ID, expect, test } from '../fixtures/extension';

/**
 * The path a new person takes: sign in on the web app (which signs the extension in), add a site,
 * visit it, breathe, start a 5-minute session on the breathe page, and browse the site.
 */
test('a new person: sign in, add a site, visit it, breathe, start a session, browse', async ({
  context,
  page,
  world,
}) => {
  test.setTimeout(60_000);
  await signInWithTestPhone(page);
  await expect.poll(() => world.message(page, { type: 'PULSE_CHECK' })).toMatchObject({ signedIn: true });

  // Adding the site the way the dashboard does: the API call, then CLEAR_BROWSER_SITES_CACHE.
  const token = await page.evaluate(() => localStorage.getItem('stillpoint.sessionToken'));
  const added = await world.api.post('/api/addBrowserSite', {
    headers: { Authorization: `Bearer ${token}` },
    data: { siteOrigin: 'distracting.test', budget: 3 },
  });
  expect(added.status()).toBe(200);
  expect(await world.message(page, { type: 'CLEAR_BROWSER_SITES_CACHE' })).toEqual({ status: 'success' });

  await page.goto('https://www.distracting.test/today').catch(() => undefined);
  await expect(page).toHaveURL((url) => url.pathname === '/breathe');
  expect(world.sites.hitsOn('www.distracting.test')).toBe(0);

  // After the breathing countdown: use the site for 5 minutes.
  await page.getByRole('button', { name: 'use site' }).click({ timeout: 20_000 });
  await page.getByRole('button', { name: '5 minutes' }).click();
  await expect(page).toHaveURL('https://www.distracting.test/today');
  await expect(page.locator('#fixture-site')).toHaveText('Fixture page on www.distracting.test');

  // Browsing the site during the session: other pages and subdomains open freely.
  await page.goto('https://m.distracting.test/elsewhere');
  await expect(page.locator('#fixture-site')).toBeVisible();

  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${EXTENSION_ID}/popup.html`);
  await expect(popup.getByRole('listitem')).toHaveText([/distracting\.test\s*open · 5 min left/]);
});
