import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { signInWithTestPhone } from '../fixtures/auth';
import { addSiteByApi } from '../fixtures/sites';
import { expect, test } from '../fixtures/test';

/** A site no other test in this worker (same server, same account) has added. */
const uniqueHost = (name: string) => `${name}-${randomUUID().slice(0, 8)}.example.com`;

/** The 11 s pause: breathing in, breathing out, then a quote with its author. */
async function breatheThrough(page: Page) {
  await expect(page.getByText('breathe in', { exact: true })).toBeVisible();
  await expect(page.getByText('breathe out', { exact: true })).toBeVisible({ timeout: 8_000 });
  const quote = page.getByRole('figure');
  await expect(quote).toBeVisible({ timeout: 8_000 });
  await expect(quote.locator('figcaption')).not.toBeEmpty();
}

test.describe('the breathe page', () => {
  // The countdown alone takes 11 s.
  test.describe.configure({ timeout: 60_000 });

  test('after the pause, use site for 5 minutes returns to the page, and home shows the session', async ({
    page,
    baseURL,
  }) => {
    const host = uniqueHost('breathe');
    await signInWithTestPhone(page);
    const siteId = await addSiteByApi(page, host, 3);
    const returnUrl = `${baseURL}/subscription`;

    await page.goto(`/breathe?returnUrl=${encodeURIComponent(returnUrl)}&siteId=${siteId}`);
    await breatheThrough(page);

    await expect(page.getByRole('heading', { name: `Still want to open ${host}?` })).toBeVisible({
      timeout: 8_000,
    });
    await expect(page.getByRole('img', { name: '0 of 3 sessions used today' })).toBeVisible();
    await page.getByRole('button', { name: 'use site' }).click();
    await page.getByRole('button', { name: '5 minutes' }).click();

    await expect(page).toHaveURL(returnUrl);
    await expect(page.getByRole('heading', { level: 1, name: 'Subscription' })).toBeVisible();

    await page.goto('/');
    const card = page
      .getByRole('region', { name: "Sites we'll intercept" })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: host }) });
    await expect(card.getByText('1/3 uses today')).toBeVisible();
    await expect(card.getByText(/^session ends in \d+ mins?$/)).toBeVisible();
    await expect(card.getByRole('progressbar')).toBeVisible();
  });

  test('with no sessions left it says so, and nevermind explains a tab the browser keeps open', async ({
    page,
  }) => {
    const host = uniqueHost('spent');
    await signInWithTestPhone(page);
    const siteId = await addSiteByApi(page, host, 1);

    // The intercepted site itself, served here instead of from the internet.
    await page.route(`https://${host}/**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: `<title>${host}</title><h1>${host}</h1>` }),
    );

    // Use the one session of the day.
    await page.goto(`/breathe?returnUrl=${encodeURIComponent(`https://${host}/`)}&siteId=${siteId}`);
    await breatheThrough(page);
    await page.getByRole('button', { name: 'use site' }).click({ timeout: 8_000 });
    await page.getByRole('button', { name: '5 minutes' }).click();
    await expect(page).toHaveURL(`https://${host}/`);
    await expect(page.getByRole('heading', { name: host })).toBeVisible();

    await page.goto(`/breathe?returnUrl=${encodeURIComponent(`https://${host}/`)}&siteId=${siteId}`);
    await breatheThrough(page);
    await expect(page.getByRole('heading', { name: `No sessions left for ${host} today` })).toBeVisible({
      timeout: 8_000,
    });
    await expect(page.getByRole('img', { name: '1 of 1 session used today' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'use site' })).toHaveCount(0);

    // This tab was not opened by a script, so the browser refuses to close it.
    await page.getByRole('button', { name: 'nevermind' }).click();
    await expect(page.getByText('Good call. Closing this tab…')).toBeVisible();
    await expect(page.getByText(/Your browser kept this tab open/)).toBeVisible({ timeout: 5_000 });
    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
  });

  test('a site that is not one of yours gets a message and a way back to the dashboard', async ({ page }) => {
    await signInWithTestPhone(page);

    await page.goto(
      `/breathe?returnUrl=${encodeURIComponent('https://example.com/')}&siteId=${randomUUID()}`,
    );
    await breatheThrough(page);

    await expect(page.getByRole('heading', { name: "We couldn't find this site" })).toBeVisible({
      timeout: 8_000,
    });
    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
  });
});
