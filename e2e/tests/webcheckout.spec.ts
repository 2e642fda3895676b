import type { Page } from '@playwright/test';
import { signInWithPhone } from '../fixtures/auth';
import { accessibilityViolations } from '../fixtures/axe';
import { expect, test } from '../fixtures/people';

const NEW_PEOPLE_CODE = '246810';

/** Fills the local card fields of the embedded payment form and submits them. */
async function payOnPaymentForm(page: Page, cardNumber: string) {
  await page.getByRole('button', { name: 'Purchase' }).click();
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiration date').fill('12 / 34');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: 'Start subscription' }).click();
}

/** The countdown (5 s) ends at the deep link, which sends a computer to this site's home page. */
async function expectCountdownToDeepLink(page: Page) {
  const deepLink = page.waitForRequest((request) =>
    /\/l\/[A-Za-z0-9]+$/.test(new URL(request.url()).pathname),
  );
  await expect(page.getByText('Sending you to the app store...')).toBeVisible();
  const shownAt = Date.now();
  const request = await deepLink;
  expect(Date.now() - shownAt).toBeGreaterThanOrEqual(3500);
  await page.waitForURL((url) => !url.pathname.startsWith('/webcheckout'), { timeout: 15_000 });
  return request.url();
}

test('signed out, signs in on the page, pays with 4242 and is counted down to the deep link', async ({
  page,
  newPerson,
}) => {
  const number = newPerson();
  await page.goto('/webcheckout');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Please sign in to continue checkout' }),
  ).toBeVisible();
  await signInWithPhone(page, number.slice(2), () => NEW_PEOPLE_CODE);

  await expect(page.getByRole('heading', { level: 1, name: 'Live distraction free' })).toBeVisible();
  await expect(page).toHaveURL(/\/webcheckout$/);
  await expect(page.getByText('$4.17/mo billed yearly at $49.99/yr')).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);

  await payOnPaymentForm(page, '4242 4242 4242 4242');
  const link = await expectCountdownToDeepLink(page);
  expect(link).toMatch(/\/l\/[A-Za-z0-9]+$/);

  // Premium is the server's: the person now holds the plan they paid for.
  await page.goto('/subscription');
  await expect(page.getByTestId('subscription-badge')).toHaveText('PRO');
});

test('the authentication card leaves for the provider and comes back with ssid to finish', async ({
  page,
  newPerson,
}) => {
  const number = newPerson();
  await page.goto('/webcheckout?suggestedAuthMethods=PHONE_NUMBER');
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toHaveCount(0);
  await signInWithPhone(page, number.slice(2), () => NEW_PEOPLE_CODE);

  await payOnPaymentForm(page, '4000 0025 0000 3155');
  await expect(page).toHaveURL(/\/local-pay\/authenticate\//);
  await page.getByRole('button', { name: /Complete/ }).click();

  await expect(page).toHaveURL(/\/webcheckout\?.*ssid=/);
  await expectCountdownToDeepLink(page);
});

test('a failed authentication comes back with its message and the card can be tried again', async ({
  page,
  newPerson,
}) => {
  const number = newPerson();
  await page.goto('/webcheckout');
  await signInWithPhone(page, number.slice(2), () => NEW_PEOPLE_CODE);
  await payOnPaymentForm(page, '4000 0025 0000 3155');
  await page.getByRole('button', { name: /Fail/ }).click();

  await expect(page.getByText(/We are unable to authenticate your payment method/)).toBeVisible();
  await payOnPaymentForm(page, '4000 0000 0000 0002');
  await expect(page.getByText('Your card was declined.')).toBeVisible();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Start subscription' }).click();
  await expectCountdownToDeepLink(page);
});

test('a price of another environment gets a clear message', async ({ page, newPerson }) => {
  const number = newPerson();
  await page.goto('/webcheckout?pid=price_live_annual');
  await signInWithPhone(page, number.slice(2), () => NEW_PEOPLE_CODE);
  await expect(page.getByRole('alert').filter({ hasText: 'This plan is not available' })).toBeVisible();
});

for (const width of [375, 1280]) {
  test(`at ${width} px every state of the form passes axe and nothing spills sideways`, async ({
    page,
    newPerson,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const number = newPerson();
    await page.goto('/webcheckout');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Please sign in to continue checkout' }),
    ).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    await signInWithPhone(page, number.slice(2), () => NEW_PEOPLE_CODE);

    await page.getByRole('button', { name: 'Purchase' }).click();
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByLabel('Expiration date').fill('12 / 34');
    await page.getByLabel('Security code').fill('1');
    await page.getByLabel('Card number').focus();
    await expect(page.getByText("Your card's security code is incomplete.")).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByLabel('Security code').fill('123');
    await page.getByRole('button', { name: 'Start subscription' }).click();
    await expect(page.getByText('Your card was declined.')).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}
