import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { sessionTokenOf, signInWithTestPhone } from '../fixtures/auth';
import { expect, test } from '../fixtures/test';

/** A site no other test in this worker (same server, same account) has added. */
const uniqueHost = (name: string) => `${name}-${randomUUID().slice(0, 8)}.example.com`;

async function openHome(page: Page) {
  await signInWithTestPhone(page);
  await page.goto('/');
  const sites = page.getByRole('region', { name: "Sites we'll intercept" });
  await expect(sites).toBeVisible();
  return sites;
}

async function addSite(page: Page, site: string, budget?: string) {
  await page.getByRole('button', { name: '+ Add site' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a site' });
  // The form loads with the dialog; once in, its first field has focus, ready for typing.
  await expect(dialog.getByLabel('Site')).toBeFocused();
  await dialog.getByLabel('Site').fill(site);
  if (budget !== undefined) await dialog.getByLabel('Budget').fill(budget);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  return dialog;
}

test.describe('home: sites we intercept', () => {
  test('add a site, edit its budget, switch it off and delete it', async ({ page }) => {
    const host = uniqueHost('calm');
    const sites = await openHome(page);
    const card = sites.getByRole('listitem').filter({ has: page.getByRole('heading', { name: host }) });

    // Add: a pasted address is reduced to the site; the budget is sessions per day.
    const addDialog = await addSite(page, `https://${host}/some/page?x=1`, '4');
    await expect(addDialog).toBeHidden();
    await expect(card.getByText('0/4 uses today')).toBeVisible();

    // Edit the budget.
    await card.getByRole('button', { name: `Edit ${host}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit site' });
    await expect(edit.getByLabel('Budget')).toBeFocused();
    await expect(edit.getByLabel('Site')).toHaveValue(`https://${host}`);
    await expect(edit.getByLabel('Budget')).toHaveValue('4');
    await edit.getByLabel('Budget').fill('0');
    await expect(edit.getByRole('button', { name: 'Save' })).toBeDisabled();
    await edit.getByLabel('Budget').fill('2');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(card.getByText('0/2 uses today')).toBeVisible();

    // Switch interception off; it stays off after a reload.
    const toggle = card.getByRole('switch', { name: `Intercept ${host}` });
    await expect(toggle).toBeChecked();
    await toggle.click();
    await expect(toggle).not.toBeChecked();
    await page.reload();
    await expect(card.getByText('0/2 uses today')).toBeVisible();
    await expect(toggle).not.toBeChecked();

    // Delete, after confirming.
    await card.getByRole('button', { name: `Edit ${host}` }).click();
    await edit.getByRole('button', { name: 'Delete site' }).click();
    await expect(edit.getByText(`Delete ${host}?`)).toBeVisible();
    await edit.getByRole('button', { name: 'Yes, delete site' }).click();
    await expect(edit).toBeHidden();
    await expect(card).toHaveCount(0);
    await page.reload();
    await expect(sites.getByRole('button', { name: '+ Add site' })).toBeVisible();
    await expect(card).toHaveCount(0);
  });

  test("a site added twice is explained in the form with the server's words", async ({ page }) => {
    const host = uniqueHost('twice');
    await openHome(page);
    await expect(await addSite(page, host)).toBeHidden();

    const dialog = await addSite(page, `www.${host}`);

    await expect(dialog.getByText(`${host} is already one of your intercepted sites.`)).toBeVisible();
    await expect(dialog.getByLabel('Site')).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  test('a running session counts down with a progress bar', async ({ page, request }) => {
    const host = uniqueHost('session');
    const sites = await openHome(page);
    await expect(await addSite(page, host, '3')).toBeHidden();
    const card = sites.getByRole('listitem').filter({ has: page.getByRole('heading', { name: host }) });
    await expect(card.getByText('0/3 uses today')).toBeVisible();

    // A 10-minute session started 3 minutes ago, as the breathe page would record it.
    const token = await sessionTokenOf(page);
    const headers = { Authorization: `Bearer ${token}` };
    const userDay = await page.evaluate(() =>
      Math.floor((Date.now() - new Date().getTimezoneOffset() * 60_000) / 86_400_000),
    );
    const list = await request.get(`/api/getBrowserSitesWithActiveAndTodaysSessions?userDay=${userDay}`, {
      headers,
    });
    const site = ((await list.json()).data as { id: string; siteOrigin: string }[]).find(
      (candidate) => candidate.siteOrigin === `https://${host}`,
    );
    const started = await request.post('/api/startBrowserSiteSession', {
      headers,
      data: {
        id: randomUUID(),
        siteId: site?.id,
        lengthInMilliseconds: 10 * 60_000,
        timeStarted: Math.floor(Date.now() / 1000) - 3 * 60,
        userDay,
      },
    });
    expect(started.status()).toBe(200);

    await page.reload();

    await expect(card.getByText('1/3 uses today')).toBeVisible();
    await expect(card.getByText(/^session ends in (7|6) mins$/)).toBeVisible();
    const bar = card.getByRole('progressbar', { name: `Session on ${host}` });
    await expect(bar).toHaveAttribute('aria-valuenow', /^3\d$/);
  });
});
