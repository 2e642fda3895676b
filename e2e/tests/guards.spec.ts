import {
  SESSION_TOKEN_KEY,
  sessionTokenOf,
  signInWithPhone,
  signInWithTestPhone,
  TEST_PHONE,
} from '../fixtures/auth';
import { signInNewPerson, test as withNewPeople } from '../fixtures/people';
import { expect, test } from '../fixtures/test';

test.describe('guards and sign-out', () => {
  test('a signed-out visit keeps the query on /signin and returns to the page after sign-in', async ({
    page,
  }) => {
    await page.goto('/subscription?stripe_success=1');

    await expect(page).toHaveURL((url) => url.pathname === '/signin' && url.search === '?stripe_success=1');
    await signInWithPhone(page, TEST_PHONE.digits, () => TEST_PHONE.code);

    await expect(page).toHaveURL(
      (url) => url.pathname === '/subscription' && url.search === '?stripe_success=1',
    );
    await expect(page.getByRole('heading', { level: 1, name: 'Subscription' })).toBeVisible();
  });

  test('a signed-in person stays signed in across a reload', async ({ page }) => {
    await signInWithTestPhone(page, { from: '/breathe?siteId=s1' });
    await expect(page).toHaveURL((url) => url.pathname === '/breathe' && url.search === '?siteId=s1');

    await page.reload();

    await expect(page.getByRole('heading', { level: 1, name: 'Breathe' })).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/breathe');
  });

  test('Sign out goes to /signin, revokes the token and guards the pages again', async ({
    page,
    request,
  }) => {
    await signInWithTestPhone(page, { from: '/subscription' });
    const token = await sessionTokenOf(page);
    expect(token).toBeTruthy();
    const before = await request.get('/api/getUser', { headers: { Authorization: `Bearer ${token}` } });
    expect(before.status()).toBe(200);

    await page.getByRole('link', { name: 'Sign out' }).filter({ visible: true }).click();

    await expect(page).toHaveURL((url) => url.pathname === '/signin');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in or create account' })).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_TOKEN_KEY)).toBeNull();
    const after = await request.get('/api/getUser', { headers: { Authorization: `Bearer ${token}` } });
    expect(after.status()).toBe(401);

    await page.goto('/subscription');
    await expect(page).toHaveURL((url) => url.pathname === '/signin');
  });

  test('the mobile menu signs out too', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signInWithTestPhone(page, { from: '/subscription' });

    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Sign out' }).filter({ visible: true }).click();

    await expect(page).toHaveURL((url) => url.pathname === '/signin');
  });
});

// A new person, since premium people (the trial included) skip onboarding.
withNewPeople(
  'a signed-out visit to / remembers nothing, so sign-in goes on to onboarding',
  async ({ page, newPerson }) => {
    await signInNewPerson(page, newPerson(), '/');

    await expect(page).toHaveURL((url) => url.pathname === '/onboarding');
  },
);
