import type { APIRequestContext, Page } from '@playwright/test';
import { SESSION_TOKEN_KEY } from '../fixtures/auth';
import { HydrationWatch } from '../fixtures/hydration';
import { expect, test } from '../fixtures/test';

// "Continue with Google/Apple" outside production: a real authorization-code flow against the
// development identity provider the server hosts, in a popup (desktop) or by redirect (phone width).

const idpTitle = (provider: 'Google' | 'Apple') =>
  `Stillpoint development sign-in — ${provider} (test identity)`;

/** A fresh address per test, so tests sharing a worker's server never share an account by accident. */
const uniqueEmail = (label: string) =>
  `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** On the development provider's page: type an identity and approve. */
async function approveAs(
  idpPage: Page,
  provider: 'Google' | 'Apple',
  identity: { name: string; email: string },
) {
  await expect(idpPage).toHaveTitle(idpTitle(provider));
  await expect(idpPage.getByRole('heading', { level: 1, name: idpTitle(provider) })).toBeVisible();
  await idpPage.getByLabel('Name', { exact: true }).fill(identity.name);
  await idpPage.getByLabel('E-mail', { exact: true }).fill(identity.email);
  await idpPage.getByRole('button', { name: 'Approve and continue' }).click();
}

/** Clicks a provider button and returns the popup it opens. */
async function openPopup(page: Page, button: 'Continue with Google' | 'Continue with Apple') {
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: button }).click();
  return popup;
}

/** Who the page's stored bearer token belongs to, asked of the API as the app would. */
async function signedInUser(page: Page, request: APIRequestContext) {
  const token = await page.evaluate((key) => localStorage.getItem(key), SESSION_TOKEN_KEY);
  expect(token, 'the page holds a session token').toBeTruthy();
  const response = await request.get('/api/getUser', { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return (await response.json()).data as { uid: string; email: string | null };
}

/** Signed in as a person sees it: off the sign-in page, with Sign out in the header (or its menu). */
async function expectSignedIn(page: Page, { mobile = false } = {}) {
  await expect(page).not.toHaveURL(/\/signin(\?|$)/);
  if (mobile) await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('link', { name: 'Sign out' }).first()).toBeVisible();
}

test.describe('Google and Apple sign-in in a popup (desktop)', () => {
  test('signs in with Google through the development identity provider', async ({ page, request }) => {
    const email = uniqueEmail('google');
    await page.goto('/signin');
    const buttons = page.getByRole('button', { name: /^Continue with (Apple|Google)$/ });
    await expect(buttons).toHaveText(['Continue with Apple', 'Continue with Google']);

    const popup = await openPopup(page, 'Continue with Google');
    await approveAs(popup, 'Google', { name: 'Ada Lovelace', email });
    await expect.poll(() => popup.isClosed(), { message: 'the sign-in window closes itself' }).toBe(true);

    await expectSignedIn(page);
    await expect(page).toHaveURL((url) => url.pathname === '/onboarding');
    expect(await signedInUser(page, request)).toMatchObject({ email });
  });

  test('signs in with Apple, choosing a preset identity', async ({ page, request }) => {
    await page.goto('/signin');
    const popup = await openPopup(page, 'Continue with Apple');
    await expect(popup).toHaveTitle(idpTitle('Apple'));
    await popup.getByRole('button', { name: 'Continue as Grace Hopper, grace@example.com' }).click();
    await expect.poll(() => popup.isClosed()).toBe(true);

    await expectSignedIn(page);
    expect(await signedInUser(page, request)).toMatchObject({ email: 'grace@example.com' });
  });

  test('the same e-mail signs in to the same account again, from another browser', async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    const email = uniqueEmail('again');
    const signInWithGoogle = async (tab: Page) => {
      await tab.goto('/signin');
      const popup = await openPopup(tab, 'Continue with Google');
      await approveAs(popup, 'Google', { name: 'Sam', email });
      await expectSignedIn(tab);
      return signedInUser(tab, request);
    };
    const first = await signInWithGoogle(page);

    const otherBrowser = await browser.newContext({ baseURL });
    const watch = new HydrationWatch();
    watch.context(otherBrowser);
    try {
      const second = await signInWithGoogle(await otherBrowser.newPage());
      expect(second.uid).toBe(first.uid);
    } finally {
      await otherBrowser.close();
    }
    expect(watch.problems, 'React could not take over the first screen').toEqual([]);
  });

  test('says so, and stays signed out, when the person cancels on the provider page', async ({ page }) => {
    await page.goto('/signin');
    const popup = await openPopup(page, 'Continue with Google');
    await popup.getByRole('button', { name: 'Cancel and go back to Stillpoint' }).click();
    await expect.poll(() => popup.isClosed()).toBe(true);

    await expect(page.getByRole('alert')).toContainText('Sign-in was cancelled.');
    await expect(page).toHaveURL(/\/signin(\?|$)/);
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
  });

  test('says so when the person closes the sign-in window', async ({ page }) => {
    await page.goto('/signin');
    const popup = await openPopup(page, 'Continue with Apple');
    await expect(popup).toHaveTitle(idpTitle('Apple'));
    await popup.close();

    await expect(page.getByRole('alert')).toContainText('The sign-in window was closed');
    await expect(page.getByRole('button', { name: 'Continue with Apple' })).toBeEnabled();
  });

  test('continues in the same window when the browser blocks the popup', async ({ page, request }) => {
    await page.addInitScript(() => {
      window.open = () => null;
    });
    const email = uniqueEmail('blocked');
    await page.goto('/signin');
    await page.getByRole('button', { name: 'Continue with Google' }).click();

    await approveAs(page, 'Google', { name: 'Blocked Popup', email });
    await expectSignedIn(page);
    expect(await signedInUser(page, request)).toMatchObject({ email });
  });
});

test.describe('Google and Apple sign-in by redirect (phone width)', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('signs in with Apple by redirect and comes back signed in', async ({ page, request }) => {
    const email = uniqueEmail('apple-redirect');
    await page.goto('/signin');
    await page.getByRole('button', { name: 'Continue with Apple' }).click();

    // No popup: this very page goes to the provider and comes back.
    await approveAs(page, 'Apple', { name: 'Grace Hopper', email });
    await expectSignedIn(page, { mobile: true });
    await expect(page).toHaveURL((url) => url.pathname === '/onboarding');
    expect(await signedInUser(page, request)).toMatchObject({ email });
  });

  test('signs in with Google by redirect', async ({ page, request }) => {
    const email = uniqueEmail('google-redirect');
    await page.goto('/signin');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await approveAs(page, 'Google', { name: 'Alan Turing', email });
    await expectSignedIn(page, { mobile: true });
    expect(await signedInUser(page, request)).toMatchObject({ email });
  });

  test('comes back to sign-in with a message when the person cancels', async ({ page }) => {
    await page.goto('/signin');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page).toHaveTitle(idpTitle('Google'));
    await page.getByRole('button', { name: 'Cancel and go back to Stillpoint' }).click();

    await expect(page).toHaveURL(/\/signin\?/);
    await expect(page.getByRole('alert')).toContainText('Sign-in was cancelled.');
    expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_TOKEN_KEY)).toBeNull();
  });
});
