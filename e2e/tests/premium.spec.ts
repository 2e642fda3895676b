import type { Page } from '@playwright/test';
import { expect, payOnLocalCheckout, signInNewPerson, test } from '../fixtures/premium';

// Premium end to end on the local payment provider: the same hosted pages, signed webhooks and
// fulfilment a person goes through with Stripe (decision 017).

const badge = (page: Page) => page.getByRole('banner').getByTestId('subscription-badge');

/** From /subscription with no subscription: annual, upgrade, and on to the local checkout page. */
async function upgradeToAnnual(page: Page) {
  await page.goto('/subscription');
  await expect(page.getByText("You don't have an active subscription")).toBeVisible();
  await page.getByRole('radio', { name: /Annual/ }).check();
  await page.getByRole('button', { name: 'upgrade' }).click();
  await expect(page).toHaveURL(/\/local-pay\/checkout\//);
}

test('a new person finishes onboarding with the no-card trial: its toast, then "trial 7 days left"', async ({
  page,
  newPerson,
}) => {
  test.setTimeout(90_000);
  await signInNewPerson(page, newPerson(), '/signin');
  await expect(page).toHaveURL((url) => url.pathname === '/onboarding');
  await expect(page.getByText('congrats on starting your no card down free trial!')).toBeVisible();
  await expect(badge(page)).toHaveText('trial 7 days left');

  const heading = (name: string) => page.getByRole('heading', { level: 1, name });
  await page.getByRole('button', { name: 'find focus' }).click();
  await page.getByRole('button', { name: 'deeper work' }).click();
  await page.getByRole('button', { name: 'from a friend' }).click();
  await page.getByRole('button', { name: 'in person' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await expect(heading('Add Stillpoint to Chrome')).toBeVisible();
  await page.getByRole('button', { name: "I'll add it later" }).click();
  await expect(heading('Which feeds should we hide?')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(heading('Which sites pull you in?')).toBeVisible();
  await page.getByRole('textbox', { name: 'Site 1' }).fill('distracting.test');
  await page.getByRole('button', { name: /Continue|Finish/ }).click();

  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(badge(page)).toHaveText('trial 7 days left');
  // Only once, ever: a second visit to onboarding starts nothing and says nothing.
  await page.reload();
  await expect(badge(page)).toHaveText('trial 7 days left');
  await expect(page.getByText('congrats on starting your no card down free trial!')).toHaveCount(0);
});

test('a person with no subscription buys the annual plan with 4242 on the checkout page and is PRO', async ({
  page,
  newPerson,
}) => {
  test.setTimeout(90_000);
  await signInNewPerson(page, newPerson(), '/subscription');
  await upgradeToAnnual(page);
  await expect(page.getByText('$49.99').first()).toBeVisible();
  await payOnLocalCheckout(page, '4242 4242 4242 4242');

  await expect(page).toHaveURL(/\/subscription\?stripe_success=true/);
  await expect(page.getByText('thanks for starting your subscription!')).toBeVisible();
  await expect(badge(page)).toHaveText('PRO');
  await expect(page.getByText('sandbox premium yearly')).toBeVisible();
  await expect(page.getByRole('link', { name: /Manage/ })).toBeVisible();
});

test('a declined card shows its message and buys nothing', async ({ page, newPerson }) => {
  await signInNewPerson(page, newPerson(), '/subscription');
  await upgradeToAnnual(page);
  await payOnLocalCheckout(page, '4000 0000 0000 0002');

  await expect(page.getByText('Your card was declined.')).toBeVisible();
  await expect(page).toHaveURL(/\/local-pay\/checkout\//);
  await page
    .getByRole('link', { name: /Back|Cancel/ })
    .first()
    .click();
  await expect(page).toHaveURL((url) => url.pathname === '/subscription');
  await expect(page.getByText("You don't have an active subscription")).toBeVisible();
  await expect(badge(page)).toHaveCount(0);
});

test('cancelling in the portal, then the test clock past the period end, shows expired with its toast', async ({
  page,
  newPerson,
}) => {
  test.setTimeout(120_000);
  await signInNewPerson(page, newPerson(), '/subscription');
  await upgradeToAnnual(page);
  await payOnLocalCheckout(page, '4242 4242 4242 4242');
  await expect(badge(page)).toHaveText('PRO');

  await page.getByRole('link', { name: /Manage/ }).click();
  await expect(page).toHaveURL(/\/local-pay\/portal\//);
  await page.getByRole('button', { name: 'Cancel plan' }).click();
  await expect(page.getByRole('button', { name: 'Resume plan' })).toBeVisible();
  await page.getByRole('button', { name: /Advance to the next billing date/ }).click();
  await expect(page.getByText('Ended', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Stillpoint' }).click();

  await expect(page).toHaveURL((url) => url.pathname === '/subscription');
  await expect(badge(page)).toHaveText('subscription expired');
  const toast = page.getByText('Your subscription has expired.');
  await expect(toast).toBeVisible();
  await expect(page.getByRole('link', { name: 'Click Here' })).toHaveAttribute('href', '/subscription');
  await toast.click();
  await expect(toast).toHaveCount(0);
});
