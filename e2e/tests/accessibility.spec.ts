import { sessionTokenOf } from '../fixtures/auth';
import { accessibilityViolations as violations } from '../fixtures/axe';
import { expect, signInNewPerson, test } from '../fixtures/people';

for (const width of [375, 1280]) {
  test.describe(`accessibility at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('sign-in', async ({ page }) => {
      await page.goto('/signin');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });

    test('onboarding, home and the breathe page', async ({ page, newPerson }) => {
      test.setTimeout(60_000);
      // A new person: premium people (the trial included) skip onboarding.
      await signInNewPerson(page, newPerson());
      await expect(page).toHaveURL((url) => url.pathname === '/onboarding');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await violations(page)).toEqual([]);

      const token = await sessionTokenOf(page);
      const added = await page.request.post('/api/addBrowserSite', {
        headers: { Authorization: `Bearer ${token}` },
        data: { siteOrigin: `a11y-${width}.example.com`, budget: 3 },
      });
      expect(added.ok()).toBe(true);
      const { data: site } = (await added.json()) as { data: { id: string } };

      await page.goto('/');
      await expect(page.getByRole('heading', { name: `a11y-${width}.example.com` })).toBeVisible();
      expect(await violations(page)).toEqual([]);

      await page.goto(
        `/breathe?siteId=${site.id}&returnUrl=${encodeURIComponent(`https://a11y-${width}.example.com/`)}`,
      );
      await expect(page.getByRole('button', { name: 'use site' })).toBeVisible({ timeout: 20_000 });
      expect(await violations(page)).toEqual([]);
    });
  });
}
