import type { Locator } from '@playwright/test';
import { TERMS_VERSION } from '@stillpoint/core';
import { sessionTokenOf } from '../fixtures/auth';
import { expect, payOnLocalCheckout, signInNewPerson, test } from '../fixtures/premium';

// Agreement and auto-renewal disclosure (docs/payments.md): beside each button that starts a plan,
// what it charges and renews, with links to the terms and the privacy policy; and the terms
// version recorded with the purchase.

/** The disclosure's links go to the site's own legal pages. */
async function expectLegalLinks(scope: Locator) {
  await expect(scope.getByRole('link', { name: /^terms of service/ }).first()).toHaveAttribute(
    'href',
    /\/terms$/,
  );
  await expect(scope.getByRole('link', { name: /^privacy policy/ }).first()).toHaveAttribute(
    'href',
    /\/privacy$/,
  );
}

test('/checkout states what Start free trial starts, and links the terms and the privacy policy', async ({
  page,
}) => {
  await page.goto('/checkout');
  const plan = page.getByRole('region', { name: 'Premium, yearly' });
  await expect(
    plan.getByText(
      /^\$49\.99 a year after your 7-day free trial\. Your first charge is on [A-Z][a-z]+ \d{1,2}, \d{4}\. It renews every year until you cancel\./,
    ),
  ).toBeVisible();
  await expectLegalLinks(plan);
  await plan.getByRole('link', { name: 'terms of service' }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByRole('heading', { level: 1, name: /Terms of service/i })).toBeVisible();
});

test('/subscription and the hosted checkout state the plan’s terms; the purchase records the version agreed to', async ({
  page,
  newPerson,
}) => {
  test.setTimeout(90_000);
  await signInNewPerson(page, newPerson(), '/subscription');
  const card = page.getByRole('region', { name: 'Go premium' });
  await card.getByRole('radio', { name: /Annual/ }).check();
  await expect(
    card.getByText(
      /^\$49\.99 a year after your 7-day free trial\. Your first charge is on .+ It renews every year until you cancel\./,
    ),
  ).toBeVisible();
  await card.getByRole('radio', { name: /Monthly/ }).check();
  await expect(
    card.getByText(/a month after your 7-day free trial\. .+ It renews every month until you cancel\./),
  ).toBeVisible();
  await expectLegalLinks(card);

  await card.getByRole('radio', { name: /Annual/ }).check();
  await card.getByRole('button', { name: 'Upgrade' }).click();
  await expect(page).toHaveURL(/\/local-pay\/checkout\//);
  const hostedTerms = page.locator('.purchase-terms');
  await expect(hostedTerms).toContainText(
    /\$49\.99 a year after your 7-day free trial\. Your first charge is on/,
  );
  await expect(hostedTerms).toContainText('It renews every year until you cancel.');
  await expectLegalLinks(hostedTerms);
  await expect(hostedTerms.getByRole('link', { name: 'terms of service' })).toHaveAttribute(
    'target',
    '_blank',
  );

  await payOnLocalCheckout(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/subscription\?stripe_success=true/);
  await expect(page.getByText('Thanks for starting your subscription!')).toBeVisible();

  // What was recorded, as the person's own data export shows it.
  const token = await sessionTokenOf(page);
  const response = await page.request.get('/api/exportAccount', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { data: { data: { terms_agreement: Record<string, unknown>[] } } };
  expect(body.data.data.terms_agreement).toEqual([
    expect.objectContaining({ purchaseKind: 'subscription_checkout', termsVersion: TERMS_VERSION }),
  ]);
});

test('/gift says a gift is one payment that does not renew', async ({ page }) => {
  await page.goto('/gift');
  await expect(page.getByText(/One payment of \$49\.99; it does not renew\./)).toBeVisible();
  await expectLegalLinks(page.locator('[data-purchase-terms]'));
});
