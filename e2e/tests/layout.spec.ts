import type { Locator, Page } from '@playwright/test';
import { controlsOverlapping } from '../fixtures/layout';
import { expect, payOnLocalCheckout, signInNewPerson, test } from '../fixtures/premium';

// Desktop layouts and the layout bugs of the standalone pages: at 1280 px the content and the
// product's screens stand side by side with the logo on the content's left edge; at 375 px the
// page is the phone layout and downloads no screenshot; the gift success page never breaks an
// address inside a word; the expired notice covers nothing.

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };
const SHOWCASE_PAGES = ['/getting-started', '/checkout', '/webcheckout', '/gift', '/redeem'] as const;

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator} has no box`);
  return found;
};
const logo = (page: Page) => page.getByRole('banner').getByRole('link').first();
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

for (const path of SHOWCASE_PAGES) {
  test(`${path} at 1280 px: the content and the product's screens side by side, the logo on the content's edge`, async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto(path);
    await expect(heading(page)).toBeVisible();
    const screens = page.getByTestId('showcase-screens');
    await expect(screens).toBeVisible();

    const content = await box(heading(page));
    const shots = await box(screens);
    // Two columns: the screens start right of the content, and together they fill the width.
    expect(shots.x).toBeGreaterThanOrEqual(content.x + content.width - 1);
    expect(shots.x + shots.width - content.x).toBeGreaterThan(DESKTOP.width * 0.6);
    // The screenshots load once the page is the app's, and are the product's own.
    const images = screens.locator('img');
    await expect(images).toHaveCount(2);
    await expect
      .poll(() => images.first().evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);

    expect(Math.abs((await box(logo(page))).x - content.x)).toBeLessThanOrEqual(1);
  });
}

test('at 375 px the standalone pages show no screenshots and download none', async ({ page }) => {
  await page.setViewportSize(PHONE);
  const webp: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('.webp')) webp.push(request.url());
  });
  for (const path of SHOWCASE_PAGES) {
    await page.goto(path);
    await expect(heading(page)).toBeVisible();
    await expect(page.getByTestId('showcase-screens')).toBeHidden();
    await page.waitForLoadState('networkidle');
  }
  expect(webp).toEqual([]);
});

test('the gift success page keeps the redeem link and the e-mail address whole at 375 px', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(PHONE);
  const buyer = `giver-${Date.now()}@example.com`;
  await page.goto('/gift');
  await page.getByRole('button', { name: 'Buy gift' }).click();
  await expect(page).toHaveURL(/\/local-pay\/checkout\//);
  await page.getByLabel('Email', { exact: true }).fill(buyer);
  const backOnGift = page.waitForURL((url) => url.pathname === '/gift');
  await payOnLocalCheckout(page, '4242 4242 4242 4242');
  await backOnGift;
  await expect(page.getByRole('heading', { level: 1, name: 'Success!' })).toBeVisible({ timeout: 30_000 });

  // The link sits on one line in its box (which scrolls if it must), beside a Copy button.
  const link = page.getByTestId('redeem-link');
  await expect(link).toBeVisible();
  expect(await textLines(link)).toBe(1);
  await expect(link).toHaveCSS('white-space', 'nowrap');
  await expect(page.getByRole('button', { name: 'Copy the link' })).toBeVisible();

  // The address may move to a line of its own, but is never cut inside.
  const email = page.getByText(buyer, { exact: true });
  await expect(email).toHaveCSS('word-break', 'normal');
  expect(await textLines(email)).toBe(1);
});

test('the expired notice on /subscription covers none of the page at 1280 px', async ({
  page,
  newPerson,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await signInNewPerson(page, newPerson(), '/subscription');
  const upgradeCard = page.getByRole('region', { name: 'Go premium' });
  await upgradeCard.getByRole('radio', { name: /Annual/ }).check();
  await upgradeCard.getByRole('button', { name: 'Upgrade' }).click();
  await payOnLocalCheckout(page, '4242 4242 4242 4242');
  await expect(page.getByRole('banner').getByTestId('subscription-badge')).toHaveText('Trial 7 days left');
  await page.getByRole('button', { name: /Manage/ }).click();
  await page.getByRole('button', { name: 'Cancel plan' }).click();
  await page.getByRole('button', { name: /Advance to the next billing date/ }).click();
  await expect(page.getByText('Ended', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Stillpoint' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/subscription');

  const notice = page.getByTestId('expired-notice');
  await expect(notice).toBeVisible();
  // Give the plans time to appear: nothing may sit under the notice once they are there.
  await expect(page.getByRole('button', { name: /Upgrade/ }).first()).toBeVisible();
  expect(await controlsOverlapping(notice)).toEqual([]);
  const noticeBox = await box(notice);
  for (const region of await page.getByRole('main').getByRole('region').all()) {
    const other = await box(region);
    const apart =
      other.y >= noticeBox.y + noticeBox.height ||
      other.y + other.height <= noticeBox.y ||
      other.x >= noticeBox.x + noticeBox.width ||
      other.x + other.width <= noticeBox.x;
    expect(apart, 'a plan card under the notice').toBe(true);
  }
});

/** How many lines the element's text is drawn on. */
function textLines(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    // A break before the text can add an empty box at the end of the line above: not a line of it.
    const drawn = [...range.getClientRects()].filter((rect) => rect.width > 1);
    const tops = new Set(drawn.map((rect) => Math.round(rect.top)));
    return tops.size;
  });
}
