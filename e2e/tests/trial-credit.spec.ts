import type { Page } from '@playwright/test';
import { expect, payOnLocalCheckout, signInNewPerson, test } from '../fixtures/premium';

// Trial credit end to end on the local provider: someone on the no-card trial who buys a plan keeps
// their remaining days. The checkout page says "$0.00 due today" and when the first charge comes,
// and the confirmation after paying names the same date and amount, from the server's records.

// The local checkout page is drawn on the server, which words dates in UTC; so does this browser,
// so the two calendars are the same one.
test.use({ timezoneId: 'UTC' });

const badge = (page: Page) => page.getByRole('banner').getByTestId('subscription-badge');
const DATE = /[A-Z][a-z]+ \d{1,2}, \d{4}/;

test('a new person on the trial upgrades: $0.00 due today, the first charge when the trial ends, then the same in the confirmation', async ({
  page,
  newPerson,
}) => {
  test.setTimeout(90_000);
  await signInNewPerson(page, newPerson(), '/signin');
  await expect(page).toHaveURL((url) => url.pathname === '/onboarding');
  // Onboarding starts the no-card trial and confirms it.
  const started = page.getByRole('region', { name: 'Your free trial has started' });
  await expect(started.getByText('None: no card is on file, so nothing is charged')).toBeVisible();
  const trialEnds = (await started.getByRole('definition').nth(1).textContent()) ?? '';
  expect(trialEnds).toMatch(DATE);
  await expect(badge(page)).toHaveText('Trial 7 days left');

  await page.goto('/subscription');
  await expect(
    page.getByText(
      `Your free trial carries over: nothing is due today. Your first charge is on ${trialEnds}: $49.99 for Annual or $6.99 for Monthly.`,
    ),
  ).toBeVisible();
  const card = page.getByRole('region', { name: 'Keep Premium after your trial' });
  await card.getByRole('radio', { name: /Annual/ }).check();
  await card.getByRole('button', { name: 'Upgrade' }).click();

  await expect(page).toHaveURL(/\/local-pay\/checkout\//);
  await expect(page.getByText('$0.00 due today')).toBeVisible();
  await expect(page.getByText(`First charge: $49.99 on ${trialEnds}`)).toBeVisible();
  await expect(page.getByText(`Free until ${trialEnds}, then $49.99/year`)).toBeVisible();
  await expect(page.getByText(/days? free/)).toHaveCount(0);
  await payOnLocalCheckout(page, '4242 4242 4242 4242');

  await expect(page).toHaveURL(/\/subscription\?stripe_success=true/);
  const confirmation = page.getByRole('region', { name: 'Your Premium trial has started' });
  await expect(confirmation).toBeVisible();
  await expect(confirmation.getByText('Stillpoint Premium, billed yearly at $49.99')).toBeVisible();
  await expect(confirmation.getByText(trialEnds, { exact: true })).toBeVisible();
  await expect(confirmation.getByText(`$49.99 on ${trialEnds}, then every year`)).toBeVisible();
  await expect(
    confirmation.getByText(
      `Open Manage subscription on your Subscription page and cancel before ${trialEnds}`,
      {
        exact: false,
      },
    ),
  ).toBeVisible();
  // The plan's trial is the no-card trial carried over: still a trial, now with a card, ending the same day.
  await expect(badge(page)).toHaveText('Trial 7 days left');
  await expect(page.getByText('sandbox premium yearly')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upgrade' })).toHaveCount(0);
});
