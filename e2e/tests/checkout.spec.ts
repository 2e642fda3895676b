import type { Page } from '@playwright/test';
import { accessibilityViolations } from '../fixtures/axe';
import { expect, payOnLocalCheckout, signInNewPerson, test } from '../fixtures/premium';

// /checkout end to end (SPEC §2): the overlay's three ways on and restore purchase, on the real
// server and the local payment provider's hosted checkout. The footer's newsletter: newsletter.spec.ts.

const heading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Start 7-day free trial' });
const badge = (page: Page) => page.getByRole('banner').getByTestId('subscription-badge');

async function openCheckout(page: Page, path = '/checkout') {
  await page.goto(path);
  await expect(heading(page)).toBeVisible();
  await expect(page.getByText('7 days free, then $49.99/yr')).toBeVisible();
}

/** A new person signs in from the checkout page's own button and is brought back to it. */
async function signInFromCheckout(page: Page, number: string) {
  await openCheckout(page);
  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/signin(\?|$)/);
  await signInNewPerson(page, number, '/signin');
  await expect(page).toHaveURL((url) => url.pathname === '/checkout');
  await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toHaveCount(0);
}

/** Start free trial, then pay the local hosted checkout's trial with 4242; back on onboarding. */
async function startTrialAndPay(page: Page) {
  await page.getByRole('button', { name: 'Start free trial' }).click();
  await expect(page).toHaveURL(/\/local-pay\/checkout\//);
  // Someone new to premium: the checkout gives the 7 free days.
  await expect(page.getByText('7 days free, then $49.99/year')).toBeVisible();
  const backOnOnboarding = page.waitForURL(
    (url) => url.pathname === '/onboarding' && url.searchParams.get('stripe_success') === 'true',
  );
  await payOnLocalCheckout(page, '4242 4242 4242 4242');
  await backOnOnboarding;
}

test('a visitor who starts the trial is asked to sign in, and sign-in is one click away', async ({
  page,
}) => {
  await openCheckout(page);
  await page.getByRole('button', { name: 'Start free trial' }).click();

  const dialog = page.getByRole('dialog', { name: 'Sign in to start your trial' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('link', { name: 'Sign in to continue' }).click();
  await expect(page).toHaveURL(/\/signin(\?|$)/);
});

test('a new person signs in from checkout, starts the trial and pays with 4242: back on onboarding with the trial', async ({
  page,
  newPerson,
}) => {
  test.setTimeout(90_000);
  await signInFromCheckout(page, newPerson());

  await startTrialAndPay(page);

  // Paid: premium people go on from onboarding to home, with the card trial on the badge.
  await expect(badge(page)).toHaveText('Trial 7 days left');
});

test('someone already subscribed is told so and continues to onboarding', async ({ page, newPerson }) => {
  test.setTimeout(90_000);
  await signInFromCheckout(page, newPerson());
  await startTrialAndPay(page);
  await expect(badge(page)).toHaveText('Trial 7 days left');

  await openCheckout(page);
  await page.getByRole('button', { name: 'Start free trial' }).click();

  const dialog = page.getByRole('dialog', { name: "You're all set" });
  await expect(dialog.getByText('You already have an active subscription.')).toBeVisible();
  const onboarding = page.waitForURL((url) => url.pathname === '/onboarding');
  await dialog.getByRole('link', { name: 'Continue' }).click();
  await onboarding;
});

test('a subscriber restoring from the App Store can open where the plan is managed', async ({
  page,
  newPerson,
}) => {
  test.setTimeout(90_000);
  await signInFromCheckout(page, newPerson());
  await startTrialAndPay(page);
  await expect(badge(page)).toHaveText('Trial 7 days left');

  await openCheckout(page);
  await page.getByRole('button', { name: 'Restore purchase' }).click();
  await page.getByRole('button', { name: 'iPhone or iPad (App Store)' }).click();
  await page.getByRole('button', { name: 'Manage your subscription' }).click();
  await expect(page).toHaveURL(/\/local-pay\/portal\//);
});

test('restore purchase: the App Store way explains the iPhone app, and Back returns', async ({ page }) => {
  await openCheckout(page);
  await page.getByRole('button', { name: 'Restore purchase' }).click();

  const source = page.getByRole('dialog', { name: 'Restore purchase' });
  await expect(source.getByText('Where did you buy Stillpoint Premium?')).toBeVisible();
  await source.getByRole('button', { name: 'iPhone or iPad (App Store)' }).click();

  const ios = page.getByRole('dialog', { name: 'Restore on iPhone or iPad' });
  await expect(ios.getByText('Settings → Restore Purchases')).toBeVisible();
  await expect(ios.getByRole('region', { name: 'Restore on iPhone or iPad' })).toBeFocused();
  await ios.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('dialog', { name: 'Restore purchase' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Restore purchase' })).toBeFocused();
});

test("restore purchase from anywhere else: the form sends, then we're on it", async ({ page }) => {
  await openCheckout(page, '/checkout?trialEmail=buyer%40example.com');
  await page.getByRole('button', { name: 'Restore purchase' }).click();
  await page
    .getByRole('dialog', { name: 'Restore purchase' })
    .getByRole('button', { name: 'iPhone or iPad (App Store)' })
    .click();
  await page.getByRole('button', { name: 'Still missing? Tell us' }).click();

  const form = page.getByRole('dialog', { name: "Tell us what's missing" });
  const send = form.getByRole('button', { name: 'Send' });
  const email = form.getByRole('textbox', { name: 'E-mail you bought it with' });
  await expect(email).toHaveValue('buyer@example.com');
  await expect(send).toBeDisabled();
  await form
    .getByRole('textbox', { name: 'What happened?' })
    .fill('I paid on the web and the app says free.');
  await email.fill('buyer@example');
  await expect(send).toBeDisabled();
  await email.fill('buyer@example.com');
  await send.click();

  const done = page.getByRole('dialog', { name: "We're on it" });
  await expect(done.getByText("We'll e-mail you at buyer@example.com.")).toBeVisible();
  await done.getByRole('region', { name: "We're on it" }).getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

for (const width of [375, 1280]) {
  test(`checkout has no accessibility violations at ${width} px, overlay and restore flow included`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await openCheckout(page);
    await expect(page.getByRole('link', { name: /Get the iPhone app/ })).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Start free trial' }).click();
    await expect(page.getByRole('dialog', { name: 'Sign in to start your trial' })).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Restore purchase' }).click();
    await page.getByRole('button', { name: 'On the web or somewhere else' }).click();
    await expect(page.getByRole('dialog', { name: "Tell us what's missing" })).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
  });
}
