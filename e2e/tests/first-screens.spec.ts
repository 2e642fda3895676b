import { expect, test } from '../fixtures/test';

// The first screens drawn at build time (decision 022): shown before any of the app's code has
// run, inert until the app draws over them, and never shown to a visitor whose stored state may
// make their first screen another one.

test.use({ viewport: { width: 375, height: 812 } });

const landing = 'Take back your attention, one breath at a time';

test('a first screen shows without the app, is inert, and is dropped for a visitor with a kept place', async ({
  page,
}) => {
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/getting-started');
  // Drawn, not yet working: inert, so nothing in it takes a tap or focus.
  await expect(page.locator('#root > [inert] h1')).toHaveText(landing);
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BODY');

  await page.evaluate(() => sessionStorage.setItem('stillpoint.funnelPlace', '{"step":"AGE"}'));
  await page.reload();
  await expect(page.locator('#root')).toBeEmpty();

  // With its code, the app takes over the same screen and it works.
  await page.unroute('**/assets/*.js');
  await page.evaluate(() => sessionStorage.clear());
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/getting-started');
  await page.getByRole('button', { name: 'Get started' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'What brings you to Stillpoint?' })).toBeVisible();
  // The guard ran under the page's Content-Security-Policy: no violation was reported.
  expect(errors).toEqual([]);
});

test('a returning quiz visitor never sees the first screen meant for a new one', async ({ page }) => {
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/quiz-results');
  await expect(page.locator('#root > [inert]')).toContainText('Your plan starts with a short quiz');
  await page.evaluate(() => localStorage.setItem('stillpoint.quizAnswers', '{}'));
  await page.reload();
  await expect(page.locator('#root')).toBeEmpty();
});
