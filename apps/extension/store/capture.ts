/**
 * Makes the listing's images from the real product: `npx tsx apps/extension/store/capture.ts`
 * after `npm run build && npm run build:extension`. It starts the built server and Chromium with
 * the built extension (as the e2e suite does), signs a person in through the API, adds their
 * sites, and photographs the pause an intercepted site opens on, home, and the toolbar popup, at
 * the stores' 1280×800; then draws the 440×280 promo tile from the logo and the listing's summary.
 * Sites are reached through --host-resolver-rules, so no real site is visited.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import {
  brand,
  DEFAULT_FEEDBLOCKING_SETTINGS,
  DEVELOPMENT_EXTENSION_ID,
  environments,
  ONBOARDING_PATH,
} from '@stillpoint/core';
import { closeWelcomeTab, launchChromiumWithExtension } from '../../../e2e/fixtures/chromium-with-extension';
import { startFixtureSites } from '../../../e2e/fixtures/fixture-sites';
import { startServer } from '../../../e2e/fixtures/server';

const storeDir = path.dirname(fileURLToPath(import.meta.url));
const SIZE = { width: 1280, height: 800 };
const PHONE = '+14155550177';
const CODE = '123456';
const SITES = ['https://youtube.com', 'https://reddit.com', 'https://x.com'];

async function api(baseURL: string, route: string, body: unknown, token?: string) {
  const response = await fetch(`${baseURL}/api/${route}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${route}: ${response.status} ${await response.text()}`);
  return { json: (await response.json()) as { data: Record<string, unknown> }, headers: response.headers };
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: path.join(storeDir, 'screenshots', `${name}.png`) });
  console.log(`wrote store/screenshots/${name}.png`);
}

/** The 440×280 tile: the logo and the listing's summary, in the web app's colours. */
async function promoTile(page: Page) {
  const logo = readFileSync(path.join(storeDir, '..', '..', 'web', 'public', 'favicon.svg'), 'utf8');
  const summary = /## Summary\n\n(.+)\n/.exec(readFileSync(path.join(storeDir, 'listing.md'), 'utf8'))?.[1];
  await page.setViewportSize({ width: 440, height: 280 });
  await page.setContent(`<!doctype html><html><body style="margin:0;width:440px;height:280px;display:flex;
    flex-direction:column;justify-content:center;gap:16px;padding:0 36px;box-sizing:border-box;
    background:#faf8f4;color:#1c2321;font-family:system-ui,sans-serif">
    <div style="display:flex;align-items:center;gap:14px"><div style="width:56px;height:56px">${logo}</div>
    <div style="font-size:34px;font-weight:700;letter-spacing:-0.02em">${brand.name}</div></div>
    <div style="font-size:18px;line-height:1.35;color:#3d4a46">${summary ?? ''}</div></body></html>`);
  await page.screenshot({ path: path.join(storeDir, 'promo', 'small-tile.png') });
  console.log('wrote store/promo/small-tile.png');
}

async function main() {
  const server = await startServer({ TEST_PHONE_NUMBERS: `${PHONE}:${CODE}` });
  const sites = await startFixtureSites();
  const context = await launchChromiumWithExtension(sites.hostResolverRules);
  try {
    if (context.serviceWorkers().length === 0) await context.waitForEvent('serviceworker');
    await closeWelcomeTab(context, `${new URL(environments.development.publicUrl).origin}${ONBOARDING_PATH}`);

    await api(server.baseURL, 'auth/phone-number/send-otp', { phoneNumber: PHONE });
    const verified = await api(server.baseURL, 'auth/phone-number/verify', {
      phoneNumber: PHONE,
      code: CODE,
    });
    const token = verified.headers.get('set-auth-token') ?? String(verified.json.data.token);
    await api(server.baseURL, 'syncCurrentUser', { timezoneOffsetMinutes: 0 }, token);
    for (const [index, siteOrigin] of SITES.entries())
      await api(server.baseURL, 'addBrowserSite', { siteOrigin, budget: 3 + index }, token);
    await api(server.baseURL, 'updateBrowserSiteSettings', { ...DEFAULT_FEEDBLOCKING_SETTINGS }, token);

    const page = context.pages()[0] ?? (await context.newPage());
    await page.setViewportSize(SIZE);
    // Signed in as the web app signs in: its session token in this origin's storage. Home finds
    // the extension and hands it a session of its own.
    await page.goto(`${server.baseURL}/signin`);
    await page.evaluate((value) => localStorage.setItem('stillpoint.sessionToken', value), token);
    await page.goto(`${server.baseURL}/`);
    await page.getByText('youtube.com').first().waitFor();
    await page.waitForTimeout(3000);
    await shoot(page, '2-home');

    await page.goto('https://youtube.com/');
    await page.waitForURL((url) => url.pathname === '/breathe', { timeout: 15_000 });
    await page.waitForTimeout(2500);
    await shoot(page, '1-pause');

    await page.goto(`chrome-extension://${DEVELOPMENT_EXTENSION_ID}/popup.html`);
    await page.waitForTimeout(1500);
    // The popup as Chrome shows it under the toolbar: its own size, on a plain backdrop.
    await page.addStyleTag({
      content:
        'html{min-height:100vh;display:grid;place-items:center;background:#e9e6df}' +
        'body{margin:0;border-radius:12px;box-shadow:0 12px 40px rgb(0 0 0/.18);transform:scale(1.6)}',
    });
    await shoot(page, '3-popup');

    await promoTile(await context.newPage());
  } finally {
    await context.close();
    await sites.close();
    await server.stop();
  }
}

await main();
