import type { Page, Request } from '@playwright/test';
import { expect, payOnLocalCheckout, signInNewPerson, test } from '../fixtures/premium';

// The local hosted checkout answers every Pay with a redirect to a page (POST-redirect-GET), so
// Back and reload after paying show a page, never Chrome's "Confirm Form Resubmission", and never
// send the card form a second time.

/** From /subscription: annual, upgrade, on to the local checkout page. */
async function upgradeToAnnual(page: Page) {
  await page.goto('/subscription');
  const upgradeCard = page.getByRole('region', { name: 'Go premium' });
  await upgradeCard.getByRole('radio', { name: /Annual/ }).check();
  await upgradeCard.getByRole('button', { name: 'Upgrade' }).click();
  await expect(page).toHaveURL(/\/local-pay\/checkout\//);
}

/** Every POST of the checkout's card form this page sends. */
function watchCardPosts(page: Page): Request[] {
  const posts: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/local-pay\/checkout\//.test(new URL(request.url()).pathname)) {
      posts.push(request);
    }
  });
  return posts;
}

test('Back and reload after paying on the local checkout page show a page and send nothing again', async ({
  page,
  newPerson,
}) => {
  await signInNewPerson(page, newPerson(), '/subscription');
  await upgradeToAnnual(page);
  const posts = watchCardPosts(page);

  // A refused card first, as happens: its answer is a page too, which Back returns to later.
  await payOnLocalCheckout(page, '4000 0000 0000 0002');
  await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
  await expect(page.getByLabel('Card number')).toBeFocused();

  const backOnSubscription = page.waitForURL(
    (url) => url.pathname === '/subscription' && url.searchParams.get('stripe_success') === 'true',
  );
  await payOnLocalCheckout(page, '4242 4242 4242 4242');
  await backOnSubscription;
  expect(posts).toHaveLength(2);

  await page.goBack();
  await expect(page).toHaveURL(/\/local-pay\/checkout\//);
  await expect(page.getByRole('heading', { level: 1, name: 'This checkout is complete' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'This checkout is complete' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'This checkout is complete' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'This checkout is complete' })).toBeVisible();
  expect(posts).toHaveLength(2);

  // The way on from it leads where the payment did.
  await page.getByRole('link', { name: 'Continue to Stillpoint' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/subscription');
  expect(posts).toHaveLength(2);
});
