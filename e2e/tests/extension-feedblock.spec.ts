import type { Page } from '@playwright/test';
import { FEEDBLOCKING_SITES, type FeedblockingSite, feedblockingSettingKey } from '@stillpoint/core';
import { accessibilityViolations } from '../fixtures/axe';
import { expect, test } from '../fixtures/extension';
import { FEED_PAGES } from '../fixtures/fixture-sites';

const feedUrl = (site: FeedblockingSite) => `https://${FEED_PAGES[site].host}${FEED_PAGES[site].path}`;

/** What the fixture page recorded about its posts while parsing and at its first frame. */
const firstFrame = (page: Page) =>
  page.waitForFunction(() => {
    const probe = (window as { __fixture?: { visibleWhileParsing: boolean; visibleAtFirstFrame?: boolean } })
      .__fixture;
    return probe?.visibleAtFirstFrame === undefined ? null : probe;
  });

test.describe('feed blocking on the six sites', () => {
  for (const site of FEEDBLOCKING_SITES) {
    test(`${site}: the feed is hidden from the first paint when on, and shown when off`, async ({
      page,
      world,
    }) => {
      const person = await world.newPerson();
      await world.openWebApp(page);
      await world.link(page, person);
      await world.setFeedblocking(person, { [feedblockingSettingKey(site)]: true });
      await world.message(page, { type: 'CLEAR_BROWSER_SITES_CACHE' });

      await page.goto(feedUrl(site));
      expect(await (await firstFrame(page)).jsonValue()).toEqual({
        visibleWhileParsing: false,
        visibleAtFirstFrame: false,
      });
      await expect(page.locator('.fixture-post').first()).toBeHidden();
      // The rest of the site keeps working, and a calm note stands in for the feed.
      await expect(page.locator('input').first()).toBeVisible();
      await expect(page.locator('stillpoint-note')).toContainText('Your feed is resting');
      expect(await accessibilityViolations(page, 'stillpoint-note')).toEqual([]);

      await world.openWebApp(page);
      await world.setFeedblocking(person, { [feedblockingSettingKey(site)]: false });
      await world.message(page, { type: 'CLEAR_BROWSER_SITES_CACHE' });
      await page.goto(feedUrl(site));
      await expect(page.locator('.fixture-post').first()).toBeVisible();
      await expect(page.locator('stillpoint-note')).toHaveCount(0);
    });
  }

  test('a settings change applies to an open page without a reload', async ({ context, page, world }) => {
    const person = await world.newPerson();
    const webApp = await context.newPage();
    await world.openWebApp(webApp);
    await world.link(webApp, person);

    await page.goto(feedUrl('youtube'));
    await expect(page.locator('.fixture-post').first()).toBeHidden();

    await world.setFeedblocking(person, { youtubeFeedblocking: false });
    await world.message(webApp, { type: 'CLEAR_BROWSER_SITES_CACHE' });
    await expect(page.locator('.fixture-post').first()).toBeVisible();
    await expect(page.locator('stillpoint-note')).toHaveCount(0);

    await world.setFeedblocking(person, { youtubeFeedblocking: true });
    await world.message(webApp, { type: 'CLEAR_BROWSER_SITES_CACHE' });
    await expect(page.locator('.fixture-post').first()).toBeHidden();
    await expect(page.locator('stillpoint-note')).toBeVisible();
  });

  test('in-app navigation to the feed hides it as it renders', async ({ page }) => {
    // Signed out, every feed is blocked (the default).
    await page.goto('https://x.com/explore');
    await expect(page.getByRole('heading', { name: 'Explore' })).toBeVisible();
    await page.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL('https://x.com/home');
    await expect(page.locator('#fixture-feed')).toBeAttached();
    await expect(page.locator('.fixture-post').first()).toBeHidden();
    await expect(page.locator('stillpoint-note')).toBeVisible();
  });
});
