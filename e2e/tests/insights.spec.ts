import { SESSION_TOKEN_KEY } from '../fixtures/auth';
import { expect, test } from '../fixtures/extension';
import { TEST_SITE } from '../fixtures/fixture-sites';

/**
 * What each pause achieved, end to end: the extension intercepts a site, the breathe page reports
 * the person's choice, and the home page counts it. Two pauses today: one turned back, one session.
 */
test('a turned-back pause and a 5-minute session show on home as 2 attempts, 1 turned back, 1 session', async ({
  page,
  world,
}) => {
  // Two 11-second pauses.
  test.setTimeout(90_000);
  // A person of their own: the test number's account is shared by this worker's other tests.
  const person = await world.newPerson();
  await world.addSite(person, TEST_SITE.origin);
  await world.openWebApp(page);
  await page.evaluate(([key, token]) => localStorage.setItem(key, token), [
    SESSION_TOKEN_KEY,
    person.token,
  ] as const);
  await world.link(page, person);
  expect(await world.message(page, { type: 'CLEAR_BROWSER_SITES_CACHE' })).toEqual({ status: 'success' });

  // First visit: the pause, then "nevermind".
  await page.goto('https://www.distracting.test/feed').catch(() => undefined);
  await expect(page).toHaveURL((url) => url.pathname === '/breathe');
  const turnedBack = page.waitForRequest(
    (request) =>
      request.url().endsWith('/api/reportInterceptOutcomes') &&
      (request.postData() ?? '').includes('"nevermind"'),
  );
  await page.getByRole('button', { name: 'nevermind' }).click({ timeout: 20_000 });
  await turnedBack;

  // Second visit: the pause, then a 5-minute session on the site.
  await page.goto('https://www.distracting.test/today').catch(() => undefined);
  await expect(page).toHaveURL((url) => url.pathname === '/breathe');
  await page.getByRole('button', { name: 'use site' }).click({ timeout: 20_000 });
  await page.getByRole('button', { name: '5 minutes' }).click();
  await expect(page.locator('#fixture-site')).toHaveText('Fixture page on www.distracting.test');

  await page.goto(`${world.server.baseURL}/`);
  const insights = page.getByRole('region', { name: "This week's pauses" });
  await expect(insights.getByText('You turned back 1 of 2 times this week')).toBeVisible();
  const site = insights.getByRole('list', { name: 'By site' }).getByRole('listitem');
  await expect(site).toHaveCount(1);
  await expect(site).toContainText('distracting.test');
  await expect(site).toContainText('2 pauses · 1 turned back · 1 session');

  // The same figures, as the table a screen reader reads.
  const todayRow = insights.getByRole('table').getByRole('row').filter({ hasText: '(today)' });
  await expect(todayRow.getByRole('cell')).toHaveText([/^2$/, /^1$/, /^1$/, /./]);
});
