import { expect, test } from '../fixtures/test';

test.describe('the running product', () => {
  test('sends a signed-out visitor from the home page to sign-in', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByRole('heading', { name: 'Sign in or create account' })).toBeVisible();
  });

  test('answers an unknown route with the not-found page where it was asked (not-found.spec.ts)', async ({
    page,
  }) => {
    const response = await page.goto('/this/does/not/exist?x=1');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveURL(/\/this\/does\/not\/exist\?x=1$/);
  });

  test('opens a standalone page by its deep link', async ({ page }) => {
    await page.goto('/gift');
    await expect(page.getByRole('heading', { name: 'Give the gift of Stillpoint' })).toBeVisible();
    await expect(page).toHaveTitle(/Stillpoint/);
  });

  test('answers the health endpoints', async ({ request }) => {
    const live = await request.get('/api/healthz');
    expect(live.status()).toBe(200);
    expect(await live.json()).toEqual({ success: true, data: { status: 'ok' } });
    const ready = await request.get('/api/readyz');
    expect(await ready.json()).toMatchObject({
      success: true,
      data: { status: 'ready', database: 'pglite', forwarding: { intervalSeconds: 30 } },
    });
  });

  test('answers an unknown API path with a 404 in the envelope', async ({ request }) => {
    const res = await request.get('/api/doesNotExist');
    expect(res.status()).toBe(404);
    expect(await res.json()).toEqual({
      success: false,
      code: 'NOT_FOUND',
      error: 'No API call GET /api/doesNotExist.',
    });
  });
});
