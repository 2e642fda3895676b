// `node scripts/screens.mjs`: makes the five phone screenshots of Stillpoint's own screens that the
// paywall carousel shows (apps/web/src/lib/screens/images/*.webp). How and why: docs/screens.md.
//
// It is rerunnable and leaves nothing behind but the images:
//   1. builds the web app and the server when the build is missing or stale (as `npm start` does);
//   2. writes the demo data (`npm run seed:demo`) into a fresh, temporary data directory;
//   3. starts the built server on that directory (port SCREENS_PORT, 3300 by default);
//   4. signs in as the demo person (+1 555 555 0100, code 123456) in Chromium at 375×812, device
//      scale 2, with a phone's user agent (Chrome on Android, so the page is what a phone shows);
//   5. captures each screen through CDP `Page.captureScreenshot` as WebP, lowering the quality from
//      SCREENS_QUALITY (70) until the file is under SCREENS_MAX_BYTES (60 000), then at scale 1 if
//      it must;
//   6. stops the server and removes the data directory.
//
// Environment (all optional):
//   CHROMIUM_PATH       Chromium to drive (default /usr/bin/chromium; nothing is downloaded)
//   SCREENS_PORT        port of the temporary server (default 3300)
//   SCREENS_OUT         where the images go (default apps/web/src/lib/screens/images)
//   SCREENS_QUALITY     first WebP quality tried (default 70)
//   SCREENS_MAX_BYTES   largest file accepted (default 60000)
//   SCREENS_SKIP_BUILD  1: use the build as it is, even when stale
//
// The images are read by apps/web/src/lib/screens/screen-carousel.tsx through Vite imports; the
// file names below are the ones it imports, so keep them in step.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { buildIfStale } from './build-stamp.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const serverEntry = path.join(root, 'apps/server/dist/main.js');
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const port = Number(process.env.SCREENS_PORT || 3300);
const outDir = path.resolve(root, process.env.SCREENS_OUT || 'apps/web/src/lib/screens/images');
const firstQuality = Number(process.env.SCREENS_QUALITY || 70);
const maxBytes = Number(process.env.SCREENS_MAX_BYTES || 60_000);
const baseURL = `http://127.0.0.1:${port}`;

const VIEWPORT = { width: 375, height: 812 };
const DEVICE_SCALE = 2;
// Chrome on a phone: no extension prompt (phones run no extensions) and no "works in Chrome" notice.
const PHONE_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const DEMO_DIGITS = '5555550100';
const DEMO_CODE = '123456';

function fail(message) {
  console.error(message);
  process.exit(1);
}

function run(command, args, env = {}) {
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
    shell: process.platform === 'win32',
  });
  if (result.status !== 0) fail(`\`${command} ${args.join(' ')}\` failed; see the output above.`);
}

function build() {
  if (process.env.SCREENS_SKIP_BUILD === '1') {
    if (!existsSync(serverEntry)) fail('There is no build to use; run `npm run build` first.');
    return;
  }
  buildIfStale();
}

/** The server's environment: development, on the temporary data directory, quiet. */
const serverEnv = (dataDir) => ({
  APP_ENV: 'development',
  PORT: String(port),
  HOST: '127.0.0.1',
  PUBLIC_URL: baseURL,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  LOG_LEVEL: 'warn',
});

async function startServer(dataDir) {
  const child = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: { ...process.env, ...serverEnv(dataDir) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) fail(`The server exited early:\n${output}`);
    try {
      if ((await fetch(`${baseURL}/api/readyz`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  fail(`The server did not become ready in 90 s (is port ${port} free? set SCREENS_PORT):\n${output}`);
}

function stopServer(child) {
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

async function signIn(page) {
  const phone = page.getByLabel('Phone number', { exact: true });
  // The phone field reformats as it goes; keys typed too fast can land out of order, so the number
  // is typed at a person's pace and checked, and the page is loaded again if it still came out wrong.
  for (let attempt = 1; ; attempt += 1) {
    await page.goto(`${baseURL}/signin`);
    const deadline = Date.now() + 15_000;
    while ((await phone.inputValue()) !== '+1') {
      if (Date.now() > deadline) fail('The phone field never showed +1; has the sign-in page changed?');
      await page.waitForTimeout(100);
    }
    await phone.focus();
    await phone.press('End');
    await phone.pressSequentially(DEMO_DIGITS, { delay: 80 });
    if ((await phone.inputValue()).replace(/\D/g, '') === `1${DEMO_DIGITS}`) break;
    if (attempt === 3) fail(`The phone field reads ${await phone.inputValue()}, not +1 ${DEMO_DIGITS}.`);
  }
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByLabel('Confirmation code').fill(DEMO_CODE);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/signin'));
}

/** Scrolls so `heading` sits just under the sticky header. */
async function scrollUnderHeader(page, heading) {
  await heading.evaluate((element) => {
    const header = document.querySelector('header');
    const headerHeight = header ? header.getBoundingClientRect().height : 0;
    const top = element.getBoundingClientRect().top + window.scrollY - headerHeight - 20;
    window.scrollTo({ top, behavior: 'instant' });
  });
  await page.waitForTimeout(300);
}

/**
 * One viewport-sized WebP, under maxBytes: the quality goes down in steps of 5 (to 40), then the
 * scale goes down to 1 and the quality starts again.
 */
async function capture(page, cdp, name) {
  // The clip is in page coordinates: the part of the page the viewport shows now.
  const { x, y } = await page.evaluate(() => ({ x: window.scrollX, y: window.scrollY }));
  for (const scale of [DEVICE_SCALE, 1]) {
    for (let quality = firstQuality; quality >= 40; quality -= 5) {
      const { data } = await cdp.send('Page.captureScreenshot', {
        format: 'webp',
        quality,
        clip: { x, y, width: VIEWPORT.width, height: VIEWPORT.height, scale: scale / DEVICE_SCALE },
        captureBeyondViewport: false,
      });
      const bytes = Buffer.from(data, 'base64');
      if (bytes.length <= maxBytes) {
        writeFileSync(path.join(outDir, `${name}.webp`), bytes);
        const size = `${VIEWPORT.width * scale}×${VIEWPORT.height * scale}`;
        console.log(`  ${name}.webp  ${size}, quality ${quality}, ${(bytes.length / 1024).toFixed(1)} KB`);
        return;
      }
    }
  }
  fail(`${name}: no WebP under ${maxBytes} bytes; raise SCREENS_MAX_BYTES.`);
}

async function shoot() {
  mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const context = await browser.newContext({
      viewport: VIEWPORT,
      deviceScaleFactor: DEVICE_SCALE,
      isMobile: true,
      hasTouch: true,
      userAgent: PHONE_USER_AGENT,
      reducedMotion: 'no-preference',
    });
    // The demo person chose on the cookie banner long ago, so it covers none of the screens.
    await context.addInitScript(() =>
      localStorage.setItem(
        'stillpoint.analyticsConsent',
        JSON.stringify({ choice: 'denied', at: Date.now() }),
      ),
    );
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await signIn(page);

    // 1. Home: the greeting and the intercepted sites, one with a session running.
    const sitesResponse = page.waitForResponse((response) =>
      response.url().includes('/api/getBrowserSitesWithActiveAndTodaysSessions'),
    );
    await page.goto(`${baseURL}/`);
    const sites = (await (await sitesResponse).json()).data;
    await page.getByText(/session ends in/).waitFor();
    await page.getByRole('heading', { name: 'Your phone use' }).waitFor();
    await page.waitForTimeout(800);
    await capture(page, cdp, 'home-sites');

    // 2. Feed blocking: the six sites and their switches.
    await scrollUnderHeader(page, page.getByRole('heading', { name: "Sites we'll feedblock" }));
    await capture(page, cdp, 'feed-blocking');

    // 3. The phone-use summary: screen time, streak, apps against their budgets.
    await page.getByText('Phone use today').waitFor();
    await scrollUnderHeader(page, page.getByRole('heading', { name: 'Your phone use' }));
    await capture(page, cdp, 'phone-use');

    // 4 and 5. The pause before a site: breathing in, then the quote and today's budget.
    const site = sites.find((candidate) => candidate.siteOrigin.includes('youtube')) ?? sites[0];
    if (!site) fail('The demo data has no sites; is the seed up to date?');
    const returnUrl = encodeURIComponent(`${site.siteOrigin}/`);
    await page.goto(`${baseURL}/breathe?siteId=${site.id}&returnUrl=${returnUrl}`);
    await page.getByText('breathe in').waitFor();
    await page.waitForTimeout(1200);
    await capture(page, cdp, 'breathe-pause');
    await page.getByRole('button', { name: 'Use site' }).waitFor({ timeout: 20_000 });
    await page.waitForTimeout(800);
    await capture(page, cdp, 'breathe-choice');
  } finally {
    await browser.close();
  }
}

async function main() {
  if (!existsSync(chromiumPath)) fail(`No Chromium at ${chromiumPath}; set CHROMIUM_PATH.`);
  build();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stillpoint-screens-'));
  let server;
  try {
    console.log('Writing the demo data...');
    run('npm', ['run', '-s', 'seed:demo'], serverEnv(dataDir));
    server = await startServer(dataDir);
    console.log(`Capturing screens into ${path.relative(root, outDir)}:`);
    await shoot();
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
