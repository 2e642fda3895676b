import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { DEFAULT_FEEDBLOCKING_SETTINGS } from '@stillpoint/core';
import { SESSION_TOKEN_KEY, sessionTokenOf, signInWithPhone, signInWithTestPhone } from '../fixtures/auth';
import { backgroundAlpha, controlsOverlapping, scrollTo } from '../fixtures/layout';
import { expect, SECOND_TEST_PHONE, signInNewPerson, test } from '../fixtures/people';

// What a new person ran into on a first try: each check here failed before it was fixed.

const PHONE = { width: 375, height: 667 };
const DESKTOP = { width: 1280, height: 800 };

/** Calls the API as the signed-in page would. */
async function api(page: Page, endpoint: string, data: unknown) {
  const token = await sessionTokenOf(page);
  const response = await page.request.post(`/api/${endpoint}`, {
    headers: { Authorization: `Bearer ${token}` },
    data,
  });
  expect(response.ok(), `${endpoint} answers ${response.status()}`).toBe(true);
}

test.describe('home at 375 px', () => {
  test.use({ viewport: PHONE });

  test('the feedback button covers no switch, button or link, at the top or the bottom', async ({ page }) => {
    await signInWithTestPhone(page);
    // A full page: several site cards, each with a switch on the right, and the feedblock switches.
    for (const name of ['news', 'video', 'shop']) {
      await api(page, 'addBrowserSite', {
        siteOrigin: `${name}-${randomUUID().slice(0, 8)}.example.com`,
        budget: 3,
      });
    }
    await api(page, 'updateBrowserSiteSettings', DEFAULT_FEEDBLOCKING_SETTINGS);
    await page.goto('/');
    await expect(page.getByRole('region', { name: "Sites we'll feedblock" }).getByRole('switch')).toHaveCount(
      6,
    );
    const feedback = page.getByRole('button', { name: 'Send feedback' });

    for (const where of ['bottom', 'top'] as const) {
      await scrollTo(page, where);
      expect(await controlsOverlapping(feedback), `scrolled to the ${where}`).toEqual([]);
    }
    // Still there to be used.
    await feedback.click();
    await expect(page.getByRole('dialog', { name: 'Let us know what we can do better' })).toBeVisible();
  });
});

test('the header is opaque, so scrolled text never shows through it', async ({ page }) => {
  await signInWithTestPhone(page);
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Stillpoint home' })).toBeVisible();
  await scrollTo(page, 'bottom');

  expect(await backgroundAlpha(header)).toBe(1);
});

test('in desktop Chrome without the extension, "I\'ll add it later" goes on with onboarding', async ({
  page,
  newPerson,
}) => {
  await signInNewPerson(page, newPerson());
  await expect(page).toHaveURL((url) => url.pathname === '/onboarding');
  await page.getByRole('button', { name: 'find focus' }).click();
  await page.getByRole('button', { name: 'deeper work' }).click();
  await page.getByRole('button', { name: 'Skip', exact: true }).click();
  await page.getByRole('button', { name: 'Skip for now' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Add Stillpoint to Chrome' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Waiting for the extension' })).toBeVisible();
  await page.getByRole('button', { name: "I'll add it later" }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Which feeds should we hide?' })).toBeVisible();
  // Without the extension there is no pin step: the count is of the steps that show.
  await expect(page.getByText('Step 6 of 7')).toBeVisible();
});

for (const viewport of [PHONE, DESKTOP]) {
  test(`a standalone page has the logo, linking home, at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signInWithTestPhone(page);
    await page.goto('/gift');
    await expect(page.getByRole('heading', { level: 1, name: 'Give the gift of Stillpoint' })).toBeVisible();

    const logo = page.getByRole('banner').getByRole('link', { name: 'Stillpoint home' });
    await expect(logo).toBeVisible();
    await logo.click();

    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(page.getByRole('region', { name: "Sites we'll intercept" })).toBeVisible();
  });
}

test('a second configured test number signs in too', async ({ page }) => {
  await page.goto('/signin');
  await expect(page.getByText(/^Development: test numbers/)).toContainText('+1 555 555 0123');

  await signInWithPhone(page, SECOND_TEST_PHONE.digits, () => SECOND_TEST_PHONE.code);

  await expect(page).toHaveURL((url) => url.pathname === '/onboarding');
  const token = await page.evaluate((key) => localStorage.getItem(key), SESSION_TOKEN_KEY);
  const user = await page.request.get('/api/getUser', { headers: { Authorization: `Bearer ${token}` } });
  expect((await user.json()).data).toMatchObject({ phoneNumber: SECOND_TEST_PHONE.e164 });
});

test('a person known only by an e-mail address is greeted with it capitalised', async ({ page }) => {
  await page.goto('/signin');
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const idp = await popup;
  // No name given: the development identity provider then names the account after the e-mail.
  await idp.getByLabel('E-mail', { exact: true }).fill(`sam@${randomUUID().slice(0, 8)}.example.com`);
  await idp.getByRole('button', { name: 'Approve and continue' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/onboarding');

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Good (morning|afternoon|evening), Sam$/);
});
