import type { Page } from '@playwright/test';
import { expect, payOnLocalCheckout, signInNewPerson, test } from '../fixtures/premium';

// A failed renewal on the local payment provider, end to end: the one "payment failed" state,
// premium kept meanwhile, and a new card on the portal's card page that recovers the plan.

const badge = (page: Page) => page.getByRole('banner').getByTestId('subscription-badge');

test('a failed monthly renewal reads "Payment failed"; a new card in the portal makes it PRO again', async ({
  page,
  newPerson,
}) => {
  test.setTimeout(120_000);
  await signInNewPerson(page, newPerson(), '/subscription');
  await expect(page.getByText("You don't have an active subscription")).toBeVisible();

  // Monthly, on the local checkout, with 4242.
  const upgradeCard = page.getByRole('region', { name: 'Go premium' });
  await upgradeCard.getByRole('radio', { name: /Monthly/ }).check();
  await upgradeCard.getByRole('button', { name: 'Upgrade' }).click();
  await expect(page).toHaveURL(/\/local-pay\/checkout\//);
  await payOnLocalCheckout(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/subscription\?stripe_success=true/);
  await expect(page.getByText('sandbox premium monthly')).toBeVisible();

  // In the portal: the clock past the free days (the first charge goes through), then the next
  // charge made to fail and the clock moved to the renewal.
  await page.getByRole('button', { name: /Manage/ }).click();
  await expect(page).toHaveURL(/\/local-pay\/portal\//);
  await page.getByRole('button', { name: /Advance to the next billing date/ }).click();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Make the next charge fail' }).click();
  await expect(page.getByText('Charges currently fail')).toBeVisible();
  await page.getByRole('button', { name: /Advance to the next billing date/ }).click();
  await expect(page.getByText('Payment failed', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Stillpoint' }).click();

  // One state everywhere: payment failed, premium still on, nothing to buy, nothing expired.
  await expect(page).toHaveURL((url) => url.pathname === '/subscription');
  await expect(badge(page)).toHaveText('Payment failed');
  const plan = page.getByRole('region', { name: 'sandbox premium monthly' });
  // The plan's badge and the notice under it.
  await expect(plan.getByText('Payment failed', { exact: true })).toHaveCount(2);
  await expect(
    plan.getByText(
      /^Your last payment did not go through\. Premium stays on while it is tried again, until /,
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upgrade' })).toHaveCount(0);
  await expect(page.getByText('Renew premium', { exact: true })).toHaveCount(0);
  await expect(page.getByText(/expired/i)).toHaveCount(0);

  // Update your card: the portal opens on its card page, which says what is owed.
  await plan.getByRole('button', { name: 'Update your card' }).click();
  await expect(page).toHaveURL(/\/local-pay\/portal\/[^/]+\/card$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Update your card' })).toBeVisible();

  // A declined card changes nothing and says why.
  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByLabel('Expiration date').fill('12 / 34');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: 'Save card and pay $6.99' }).click();
  await expect(page.getByRole('alert')).toHaveText('Your card was declined.');

  // 4242 pays what is owed at once and goes back to Stillpoint: PRO again.
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiration date').fill('12 / 34');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: 'Save card and pay $6.99' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/subscription');
  await expect(badge(page)).toHaveText('PRO');
  await expect(plan.getByText(/^Your plan renews on /)).toBeVisible();
  await expect(page.getByText('Payment failed', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Manage/ })).toBeVisible();
});
