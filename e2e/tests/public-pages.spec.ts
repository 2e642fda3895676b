import type { APIRequestContext, Page } from '@playwright/test';
import { sessionTokenOf } from '../fixtures/auth';
import { accessibilityViolations } from '../fixtures/axe';
import { expect, signInNewPerson, test } from '../fixtures/people';

// The public pages of SPEC §2 (issue 16): the referral landing, /twopercent, /mobileDownload,
// /android and the extension-uninstall feedback page, on a phone and a computer's screen; the
// referral visit and download press as the sharer sees them; uninstall answers reaching the server.

const PHONE = 375;
const DESKTOP = 1280;

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const qrCode = (page: Page, store: 'the App Store' | 'Google Play') =>
  page.getByRole('img', { name: `QR code to Stillpoint on ${store}` });
const badge = (page: Page, store: 'App Store' | 'Google Play') =>
  page.getByRole('link', { name: new RegExp(store) });

/** Nothing wider than the screen: a phone never scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
  ).toBe(true);
}

/** The page's headings go down one level at a time from its one h1. */
async function expectHeadingsInOrder(page: Page) {
  const levels = await page
    .locator('h1, h2, h3, h4, h5, h6')
    .evaluateAll((headings) => headings.map((element) => Number(element.tagName.slice(1))));
  expect(levels.filter((level) => level === 1)).toHaveLength(1);
  expect(levels[0]).toBe(1);
  for (const [index, level] of levels.entries()) {
    if (index > 0) expect(level).toBeLessThanOrEqual((levels[index - 1] ?? 1) + 1);
  }
}

/** The store's pages stand in for the real ones: the test leaves this site without the internet. */
async function stubStores(page: Page) {
  for (const pattern of ['https://apps.apple.com/**', 'https://play.google.com/**']) {
    await page.route(pattern, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Store</title><h1>Store</h1>' }),
    );
  }
}

async function referralStats(request: APIRequestContext, token: string) {
  const response = await request.get('/api/getAppReferralStats', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { views: number; downloadClicks: number } }).data;
}

for (const width of [PHONE, DESKTOP]) {
  const wide = width === DESKTOP;

  test.describe(`at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
    });

    test('the referral landing names who shared it, with the badges and, wide, a QR code', async ({
      page,
    }) => {
      await page.goto('/referral-link?sharedByName=Riley%20Quinn&sharedByUserId=someone-unknown');
      await expect(heading(page, 'Riley Quinn invited you to Stillpoint')).toBeVisible();
      await expect(badge(page, 'App Store')).toBeVisible();
      await expect(badge(page, 'Google Play')).toBeVisible();
      if (wide) await expect(qrCode(page, 'the App Store')).toBeVisible();
      else await expect(qrCode(page, 'the App Store')).toBeHidden();
      await expectHeadingsInOrder(page);
      await expectNoSidewaysScroll(page);
      expect(await accessibilityViolations(page)).toEqual([]);
    });

    test('/mobileDownload shows badges on a phone and QR codes from medium width', async ({ page }) => {
      await page.goto('/mobileDownload');
      await expect(heading(page, 'Download Stillpoint on mobile')).toBeVisible();
      await expect(page.getByText("You'll be able to sign in with the same account.")).toBeVisible();
      if (wide) {
        await expect(qrCode(page, 'the App Store')).toBeVisible();
        await expect(qrCode(page, 'Google Play')).toBeVisible();
        await expect(badge(page, 'App Store')).toBeHidden();
        await expect(badge(page, 'Google Play')).toBeHidden();
      } else {
        await expect(badge(page, 'App Store')).toBeVisible();
        await expect(badge(page, 'Google Play')).toBeVisible();
        await expect(qrCode(page, 'the App Store')).toBeHidden();
        await expect(qrCode(page, 'Google Play')).toBeHidden();
      }
      await expectHeadingsInOrder(page);
      await expectNoSidewaysScroll(page);
      expect(await accessibilityViolations(page)).toEqual([]);
    });

    test('/android has the Google Play badge and, wide, its QR code', async ({ page }) => {
      await page.goto('/android');
      await expect(heading(page, 'Stillpoint for Android')).toBeVisible();
      await expect(badge(page, 'Google Play')).toBeVisible();
      await expect(badge(page, 'Google Play')).toHaveAttribute('href', /^https:\/\/play\.google\.com\//);
      if (wide) await expect(qrCode(page, 'Google Play')).toBeVisible();
      else await expect(qrCode(page, 'Google Play')).toBeHidden();
      await expectHeadingsInOrder(page);
      await expectNoSidewaysScroll(page);
      expect(await accessibilityViolations(page)).toEqual([]);
    });

    test('/twopercent explains the challenge and joins through the funnel', async ({ page }) => {
      await page.goto('/twopercent');
      await expect(heading(page, '2% screen time challenge')).toBeVisible();
      await expect(page.getByText(/2% of your day is about 29 minutes/)).toBeVisible();
      await expect(page.getByRole('link', { name: 'Join the challenge' }).first()).toHaveAttribute(
        'href',
        '/getting-started',
      );
      await expectHeadingsInOrder(page);
      await expectNoSidewaysScroll(page);
      expect(await accessibilityViolations(page)).toEqual([]);
    });

    test('/uninstall-chrome-extension asks why, with every control labelled', async ({ page }) => {
      await page.goto('/uninstall-chrome-extension');
      await expect(heading(page, 'Sorry to see you go')).toBeVisible();
      const reasons = page.getByRole('group', { name: 'Why did you remove the extension?' });
      await expect(reasons.getByRole('radio')).toHaveCount(6);
      await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
      await expectHeadingsInOrder(page);
      await expectNoSidewaysScroll(page);
      expect(await accessibilityViolations(page)).toEqual([]);
    });
  });
}

test('a referral visit and its download press are stored for the person who shared the link', async ({
  page,
  newPerson,
}) => {
  // The sharer: a new person, so their counts start at nothing.
  await signInNewPerson(page, newPerson());
  const token = (await sessionTokenOf(page)) ?? '';
  const me = await page.request.get('/api/getUser', { headers: { Authorization: `Bearer ${token}` } });
  const { uid } = ((await me.json()) as { data: { uid: string } }).data;
  expect(await referralStats(page.request, token)).toEqual({ views: 0, downloadClicks: 0 });

  await stubStores(page);
  const viewed = page.waitForResponse((response) => response.url().endsWith('/api/viewAppReferral'));
  await page.goto(`/referral-link?sharedByName=Sam&sharedByUserId=${encodeURIComponent(uid)}`);
  await expect(heading(page, 'Sam invited you to Stillpoint')).toBeVisible();
  expect((await viewed).status()).toBe(200);

  // By keyboard: the badge is a link, and Enter presses it.
  const clicked = page.waitForResponse((response) =>
    response.url().endsWith('/api/clickedDownloadFromAppReferral'),
  );
  await badge(page, 'App Store').focus();
  await page.keyboard.press('Enter');
  expect((await clicked).status()).toBe(200);
  await expect(page).toHaveURL(/^https:\/\/apps\.apple\.com\//);

  expect(await referralStats(page.request, token)).toEqual({ views: 1, downloadClicks: 1 });
});

test('a referral link without who shared it still shows and still leads to the store', async ({ page }) => {
  await stubStores(page);
  const referralCalls: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/(viewAppReferral|clickedDownloadFromAppReferral)$/.test(request.url())) {
      referralCalls.push(request.url());
    }
  });
  await page.goto('/referral-link');
  await expect(heading(page, "You've been invited to Stillpoint")).toBeVisible();
  await badge(page, 'Google Play').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/^https:\/\/play\.google\.com\//);
  expect(referralCalls).toEqual([]);
});

test('uninstall feedback reaches the server with the extension version and install reference', async ({
  page,
}) => {
  const installRef = `e2e_${Date.now()}_ref`;
  await page.goto(`/uninstall-chrome-extension?v=1.4.0&ref=${installRef}`);
  await expect(heading(page, 'Sorry to see you go')).toBeVisible();

  const submit = page.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();
  // By keyboard, as anyone can (and no banner over the page can take the press).
  await page.getByRole('radio', { name: 'hard to set up' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('radio', { name: 'hard to set up' })).toBeChecked();
  await page
    .getByRole('textbox', { name: "Anything else you'd like us to know? (optional)" })
    .fill('Could not find where to add a site.');

  const sent = page.waitForResponse((response) => response.url().endsWith('/api/sendUninstallFeedback'));
  await submit.focus();
  await page.keyboard.press('Enter');
  const response = await sent;
  expect(response.status()).toBe(200);
  expect(response.request().postDataJSON()).toEqual({
    reason: 'hard to set up',
    details: 'Could not find where to add a site.',
    extensionVersion: '1.4.0',
    installRef,
  });
  expect(await response.json()).toEqual({ success: true, data: { ok: true } });

  const thanks = page.getByRole('heading', { level: 2, name: 'Thank you for telling us' });
  await expect(thanks).toBeVisible();
  await expect(thanks).toBeFocused();
});

test("uninstall feedback the server refuses shows the server's reason, and keeps the answer", async ({
  page,
}) => {
  // A control character is what the call's own rule refuses (core's feedbackContentSchema).
  const details = 'It broke on \u0007 YouTube';
  await page.goto('/uninstall-chrome-extension');
  // The page's first screen is drawn into its HTML and inert: answer once the app has taken over.
  await expect(page.locator('#root > [inert]')).toHaveCount(0);
  await page.getByRole('radio', { name: 'buggy' }).focus();
  await page.keyboard.press('Space');
  const field = page.getByRole('textbox', { name: "Anything else you'd like us to know? (optional)" });
  await field.fill(details);

  const sent = page.waitForResponse((response) => response.url().endsWith('/api/sendUninstallFeedback'));
  await page.getByRole('button', { name: 'Submit' }).focus();
  await page.keyboard.press('Enter');
  expect((await sent).status()).toBe(400);

  await expect(page.getByRole('alert').filter({ hasText: /control characters/ })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'buggy' })).toBeChecked();
  await expect(field).toHaveValue(details);
  await expect(page.getByRole('heading', { name: 'Thank you for telling us' })).toHaveCount(0);
});
