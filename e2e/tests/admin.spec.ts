import type { Browser, Page } from '@playwright/test';
import { signInWithPhone } from '../fixtures/auth';
import { DEMO_ADMIN_PHONE } from '../fixtures/people';
import { expect, payOnLocalCheckout, signInNewPerson, test } from '../fixtures/premium';

// The support console as the team uses it (docs/support.md): the demo admin, whom development
// names in ADMIN_SIGN_INS, finds a paying person by phone, refunds their payment and grants them
// premium; the person sees each change on their own /subscription, in another browser.

/** The demo admin, signed in with its test number, in a browser of their own. */
async function adminPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/signin');
  await signInWithPhone(page, DEMO_ADMIN_PHONE.digits, () => DEMO_ADMIN_PHONE.code);
  await expect(page).not.toHaveURL(/\/signin(\?|$)/);
  return page;
}

/** From the console's search to the person's page. */
async function openPerson(admin: Page, e164: string): Promise<void> {
  await admin.goto('/admin');
  await admin.getByLabel('Phone, e-mail, user id, gift code, payment or customer id').fill(e164);
  await admin.getByRole('button', { name: 'Search' }).click();
  await admin.getByRole('link', { name: new RegExp(e164.slice(-4)) }).click();
  await expect(admin).toHaveURL(/\/admin\/person\?uid=/);
}

test('an admin finds a paying person by phone, refunds their payment and grants 30 days, which the person sees', async ({
  page,
  browser,
  server,
  newPerson,
}) => {
  test.setTimeout(180_000);
  const phone = newPerson();

  // The person buys the annual plan, and the test clock takes it past the free days: one payment.
  await signInNewPerson(page, phone, '/subscription');
  await page
    .getByRole('region', { name: 'Go premium' })
    .getByRole('radio', { name: /Annual/ })
    .check();
  await page.getByRole('region', { name: 'Go premium' }).getByRole('button', { name: 'Upgrade' }).click();
  await expect(page).toHaveURL(/\/local-pay\/checkout\//);
  await payOnLocalCheckout(page, '4242 4242 4242 4242');
  await expect(page.getByText('sandbox premium yearly')).toBeVisible();
  await page.getByRole('button', { name: /Manage/ }).click();
  await expect(page).toHaveURL(/\/local-pay\/portal\//);
  await page.getByRole('button', { name: /Advance to the next billing date/ }).click();
  await page.getByRole('link', { name: 'Return to Stillpoint' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/subscription');

  const admin = await adminPage(browser, server.baseURL);
  await openPerson(admin, phone);
  await expect(admin.getByText(phone.slice(-4)).first()).toBeVisible();

  // The whole payment back: the provider's webhook ends the plan it paid for.
  const payments = admin.getByRole('region', { name: /Payments/ });
  await payments.getByRole('button', { name: /^Refund the payment of/ }).click();
  const refund = admin.getByRole('dialog', { name: 'Refund a payment' });
  await refund.getByLabel('Reason').fill('Asked for a refund on the first day of the year');
  await refund.getByRole('button', { name: /^Refund \$49\.99/ }).click();
  await expect(refund).toHaveCount(0);
  await expect(payments.getByText('All, $49.99')).toBeVisible();
  await expect(
    admin.getByRole('region', { name: 'Subscriptions' }).getByText('No, it has ended'),
  ).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('subscription-badge')).toHaveText('Subscription expired');

  // Thirty days of premium from support, with the reason kept in the audit log.
  await admin.getByRole('button', { name: 'Grant premium' }).click();
  const grant = admin.getByRole('dialog', { name: 'Grant premium' });
  await grant.getByLabel('Reason').fill('Goodwill after the refund');
  await grant.getByRole('button', { name: 'Grant premium' }).click();
  await expect(grant).toHaveCount(0);
  await expect(admin.getByText('Goodwill after the refund').first()).toBeVisible();
  await expect(admin.getByText('Asked for a refund on the first day of the year').first()).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('subscription-badge')).toHaveText('PRO');
  await admin.context().close();
});

test("an admin finds a guest's gift by the buyer's e-mail and refunds it: its code then reads voided", async ({
  page,
  browser,
  server,
}) => {
  test.setTimeout(120_000);
  const buyer = `giver-${Date.now()}@example.com`;

  // A visitor buys one gift, without an account.
  await page.goto('/gift');
  await page.getByRole('button', { name: 'Buy gift' }).click();
  await expect(page).toHaveURL(/\/local-pay\/checkout\//);
  await page.getByLabel('Email', { exact: true }).fill(buyer);
  await payOnLocalCheckout(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: 'Your gift code' })).toBeVisible();

  const admin = await adminPage(browser, server.baseURL);
  await admin.goto('/admin');
  await admin.getByLabel('Phone, e-mail, user id, gift code, payment or customer id').fill(buyer);
  await admin.getByRole('button', { name: 'Search' }).click();
  const gifts = admin.getByRole('region', { name: 'Gift purchases' });
  await expect(gifts.getByText('Unused')).toBeVisible();
  await gifts.getByRole('button', { name: /^Refund the gift of/ }).click();
  const refund = admin.getByRole('dialog', { name: 'Refund a gift' });
  await expect(refund.getByText(/1 code of 1 is unredeemed/)).toBeVisible();
  await refund.getByLabel('Reason').fill('The buyer changed their mind');
  await refund.getByRole('button', { name: /^Refund \$49\.99/ }).click();
  await expect(refund).toHaveCount(0);
  await expect(gifts.getByText('Voided (refunded)')).toBeVisible();
  await expect(gifts.getByText(/\$49\.99 refunded/)).toBeVisible();
  await admin.context().close();
});

test('a signed-in person who is not an admin gets the forbidden page', async ({ page, newPerson }) => {
  await signInNewPerson(page, newPerson(), '/admin');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(
    page.getByRole('heading', { name: "You don't have access to the support console" }),
  ).toBeVisible();
});
