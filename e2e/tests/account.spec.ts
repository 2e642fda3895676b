import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { codeFromOutbox, sessionTokenOf, signInWithPhone, signInWithTestPhone } from '../fixtures/auth';
import { accessibilityViolations } from '../fixtures/axe';
import { expect, test } from '../fixtures/test';

/** A real-looking number of this spec's own: its codes go to the development outbox. */
const PHONE = { e164: '+14155550142', digits: '4155550142', shown: '+1 415 555 0142' } as const;

/** The person's sites today, through the API as the extension reads them. */
async function sitesOf(request: APIRequestContext, token: string | null) {
  const userDay = Math.floor(Date.now() / 86_400_000);
  const response = await request.get(`/api/getBrowserSitesWithActiveAndTodaysSessions?userDay=${userDay}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { siteOrigin: string }[] }).data;
}

test('a person downloads their data, deletes their account with a fresh code, and comes back to an empty one', async ({
  page,
  request,
}) => {
  // Three codes to one number: the suite's server sends them without its usual wait between codes
  // (OTP_SEND_COOLDOWN_SECONDS=0 in fixtures/server.ts).
  const host = `account-${randomUUID().slice(0, 8)}.example.com`;

  await page.goto('/signin');
  await signInWithPhone(page, PHONE.digits, () => codeFromOutbox(request, PHONE.e164));
  await expect(page).not.toHaveURL(/\/signin(\?|$)/);
  const firstToken = await sessionTokenOf(page);
  const added = await request.post('/api/addBrowserSite', {
    headers: { Authorization: `Bearer ${firstToken}` },
    data: { siteOrigin: host, budget: 3 },
  });
  expect(added.status()).toBe(200);

  // The browser's clock past the sign-in's fresh minutes, as if the person came back later: the
  // page then asks for a code before deleting. The server keeps its own clock and decides again.
  await page.clock.install({ time: new Date(Date.now() + 11 * 60_000) });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  const details = page.getByRole('region', { name: 'Your details' });
  await expect(details.getByText(PHONE.shown)).toBeVisible();
  await expect(details.getByText('Phone number', { exact: true }).last()).toBeVisible();

  // Download my data: a dated JSON file holding the site just added.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^stillpoint-data-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await readFile(await download.path(), 'utf8')) as {
    format: number;
    data: Record<string, unknown[]>;
  };
  expect(exported.format).toBe(1);
  expect(JSON.stringify(exported.data)).toContain(host);

  // Delete my account: a fresh code to the account's own number.
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account' });
  await expect(dialog.getByText(PHONE.shown)).toBeVisible();
  await dialog.getByRole('button', { name: 'Send code' }).click();
  const code = dialog.getByLabel('Confirmation code');
  await expect(code).toBeFocused();
  await code.fill(await codeFromOutbox(request, PHONE.e164));
  // Back to the real time: the new sign-in is fresh by the server's clock, and the page's agrees.
  await page.clock.setSystemTime(new Date());
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText(/This deletes the account/)).toBeVisible();
  const freshToken = await sessionTokenOf(page);
  expect(freshToken).not.toBe(firstToken);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Your account is deleted' })).toBeVisible();
  await expect(page).toHaveURL(/\/account\/deleted$/);
  await expect.poll(() => sessionTokenOf(page)).toBeNull();
  // Both sessions are gone on the server.
  for (const token of [firstToken, freshToken]) {
    const me = await request.get('/api/getUser', { headers: { Authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(401);
  }

  // The same number signs in to a new, empty account.
  await page.goto('/signin');
  await signInWithPhone(page, PHONE.digits, () => codeFromOutbox(request, PHONE.e164));
  await expect(page).toHaveURL((url) => url.pathname === '/onboarding');
  expect(await sitesOf(request, await sessionTokenOf(page))).toEqual([]);
});

test('the account page and its deletion dialog pass the accessibility checks on a phone', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInWithTestPhone(page, { from: '/account' });
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('region', { name: 'Your details' }).getByText('+1 555 555 0100')).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);

  // Just signed in: the dialog opens at the last step, with focus on keeping the account.
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account' });
  await expect(dialog.getByRole('button', { name: 'Keep my account' })).toBeFocused();
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/account$/);
});
