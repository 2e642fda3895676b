import { FEEDBLOCKING_SITES } from '@stillpoint/core';
import { sessionTokenOf, signInWithPhone } from '../fixtures/auth';
import { accessibilityViolations } from '../fixtures/axe';
import { expect, test } from '../fixtures/extension';
import { FEED_PAGES } from '../fixtures/fixture-sites';

// The browser starts without the extension: it is added mid-way, as from the Chrome Web Store.
test.use({ extensionInstalled: false });

test('a new person is onboarded, and onboarding and home both see the extension once it is added', async ({
  context,
  page,
  world,
  nextNumber,
  installExtension,
}) => {
  test.setTimeout(120_000);
  const phoneNumber = nextNumber();
  await page.goto('/signin');
  await signInWithPhone(page, phoneNumber.slice(2), () => '123456');
  await expect(page).toHaveURL(/\/onboarding$/);
  const heading = (name: string) => page.getByRole('heading', { level: 1, name });

  await expect(heading('What brings you to Stillpoint?')).toBeFocused();
  await page.getByRole('button', { name: 'find focus' }).click();
  await page.getByRole('button', { name: 'deeper work' }).click();
  await page.getByRole('button', { name: 'from a friend' }).click();
  await page.getByRole('button', { name: 'in person' }).click();
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Skip for now' }).click();

  await expect(heading('Add Stillpoint to Chrome')).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  const home = await context.newPage();
  await home.goto('/');
  await expect(home.getByRole('region', { name: 'Add Stillpoint to Chrome' })).toBeVisible();

  await installExtension();

  // Both pages poll every 3 s; the extension is signed in as this person on the way.
  await expect(heading('Thanks for adding Stillpoint!')).toBeVisible({ timeout: 15_000 });
  await expect(home.getByText(/The Stillpoint extension is connected/)).toBeVisible({ timeout: 15_000 });
  await expect(home.getByRole('region', { name: 'Add Stillpoint to Chrome' })).toHaveCount(0);
  await home.close();
  const token = await sessionTokenOf(page);
  const me = await world.api.get('/api/getUser', { headers: { Authorization: `Bearer ${token}` } });
  const { uid } = ((await me.json()) as { data: { uid: string } }).data;
  await expect
    .poll(() => world.message(page, { type: 'PULSE_CHECK' }))
    .toMatchObject({ signedIn: true, userId: uid });
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(heading('Which feeds should we hide?')).toBeVisible();
  await page.getByRole('switch', { name: 'Feedblock Reddit' }).click();
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(heading('Which sites pull you in?')).toBeVisible();
  await page.getByRole('textbox', { name: 'Site 1' }).fill('distracting.test');
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(heading('Pin Stillpoint to your toolbar')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Finish' })).toBeVisible({ timeout: 10_000 });
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');

  // What onboarding saved is what the server holds...
  const headers = { Authorization: `Bearer ${token}` };
  const answers = await (await world.api.get('/api/getOnboardingAnswers', { headers })).json();
  expect(answers.data).toEqual({
    onboardingIntention: 'find focus',
    onboardingOutcome: 'deeper work',
    hdyh: 'from a friend',
    hdyhDetail: 'in person',
  });
  const settings = (await (await world.api.get('/api/getBrowserSiteSettings', { headers })).json()).data;
  for (const site of FEEDBLOCKING_SITES) expect(settings[`${site}Feedblocking`]).toBe(site !== 'reddit');

  // ...and what the extension now enforces: the site is intercepted, Reddit's feed is left alone.
  await page.goto('https://www.distracting.test/today').catch(() => undefined);
  await expect(page).toHaveURL((url) => url.pathname === '/breathe');
  expect(world.sites.hitsOn('www.distracting.test')).toBe(0);
  await page.goto(`https://${FEED_PAGES.reddit.host}${FEED_PAGES.reddit.path}`);
  await expect(page.locator('.fixture-post').first()).toBeVisible();
  await page.goto(`https://${FEED_PAGES.youtube.host}${FEED_PAGES.youtube.path}`);
  await expect(page.locator('.fixture-post').first()).toBeHidden();
});
