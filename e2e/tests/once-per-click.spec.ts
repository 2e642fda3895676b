import { expect, test } from '../fixtures/test';

// "Once per click" (docs/payments.md): a double click on Buy gift asks for one checkout, and the
// request carries the press's Idempotency-Key, so a repeat of that press makes no second one.

const CHECKOUT_PATH = '/api/createStripeCheckoutSessionForGift';

test('a double click on Buy gift sends one request and leads to one checkout', async ({ page }) => {
  const sent: { key: string; body: unknown }[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === CHECKOUT_PATH) {
      sent.push({ key: request.headers()['idempotency-key'] ?? '', body: request.postDataJSON() });
    }
  });

  await page.goto('/gift');
  await expect(page.getByText('1 year for $49.99')).toBeVisible();
  await page.getByRole('button', { name: 'Buy gift' }).dblclick();
  await expect(page).toHaveURL(/\/local-pay\/checkout\//);

  expect(sent).toHaveLength(1);
  const [{ key, body }] = sent as [{ key: string; body: unknown }];
  expect(key).toMatch(/^[0-9a-f]{32}$/);

  // The same press sent again, as a retry would, gets the very checkout the page went to.
  const retry = await page.evaluate(
    async ({ path, key, body }) => {
      const response = await fetch(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
        body: JSON.stringify(body),
      });
      return {
        replayed: response.headers.get('Idempotent-Replayed'),
        url: ((await response.json()) as { data: { url: string } }).data.url,
      };
    },
    { path: CHECKOUT_PATH, key, body },
  );
  expect(retry.replayed).toBe('true');
  expect(new URL(retry.url).pathname).toBe(new URL(page.url()).pathname);
});
