/**
 * The evidence of decision 044: what Chrome tells a person about each way of asking for host
 * access. `npx tsx apps/extension/build/permission-warnings.ts` after `STILLPOINT_STORE_BUILD=1
 * npx wxt build` (in apps/extension) copies the store build three times with the manifest of each
 * variant, loads each unpacked into Chromium (/usr/bin/chromium) and photographs its details page
 * in chrome://extensions, where Chrome lists the permission warnings it would show on install.
 * It then photographs the store build as it is, decision 045's evidence.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { STORE_OUT_DIR } from './store-build';

const extensionRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const storeBuild = path.join(extensionRoot, STORE_OUT_DIR, 'chrome-mv3');
const decisions = path.resolve(extensionRoot, '..', '..', 'docs', 'decisions');
const outDir = path.join(decisions, '044-extension-host-access');
const storeShot = path.join(decisions, '045-extension-access-per-site', 'store-build.png');

type Manifest = Record<string, unknown> & { permissions: string[] };
/** The store build is (c) since decision 045; (a) and (b) are rebuilt from it. */
const withRedirectPermission = (manifest: Manifest, name: string): string[] =>
  manifest.permissions.map((permission) =>
    permission.startsWith('declarativeNetRequest') ? name : permission,
  );
const VARIANTS: Record<string, (manifest: Manifest) => Manifest> = {
  'a-all-urls': ({ optional_host_permissions: _optional, ...manifest }) => ({
    ...manifest,
    permissions: withRedirectPermission(manifest as Manifest, 'declarativeNetRequest'),
    host_permissions: ['<all_urls>'],
  }),
  'b-optional-per-site': (manifest) => ({
    ...manifest,
    permissions: withRedirectPermission(manifest, 'declarativeNetRequest'),
    optional_host_permissions: ['*://*/*'],
  }),
  'c-with-host-access': (manifest) => ({
    ...manifest,
    permissions: withRedirectPermission(manifest, 'declarativeNetRequestWithHostAccess'),
    optional_host_permissions: ['*://*/*'],
  }),
};

const context = await chromium.launchPersistentContext('', {
  executablePath: '/usr/bin/chromium',
  headless: false,
  ignoreDefaultArgs: ['--disable-extensions'],
  viewport: { width: 1100, height: 1400 },
  args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--enable-unsafe-extension-debugging'],
});
try {
  const browser = context.browser();
  if (!browser) throw new Error('no browser');
  const session = await browser.newBrowserCDPSession();
  const page = context.pages()[0] ?? (await context.newPage());
  for (const [name, variant] of Object.entries(VARIANTS)) {
    const dir = mkdtempSync(path.join(tmpdir(), `stillpoint-${name}-`));
    cpSync(storeBuild, dir, { recursive: true });
    const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;
    writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(variant(manifest), null, 2));
    const { id } = (await session.send('Extensions.loadUnpacked' as never, { path: dir } as never)) as {
      id: string;
    };
    await page.goto(`chrome://extensions/?id=${id}`);
    await page.waitForTimeout(1500);
    await page.screenshot({ path: path.join(outDir, `${name}.png`), fullPage: true });
    console.log(`wrote docs/decisions/044-extension-host-access/${name}.png`);
  }
  const { id } = (await session.send('Extensions.loadUnpacked' as never, { path: storeBuild } as never)) as {
    id: string;
  };
  await page.goto(`chrome://extensions/?id=${id}`);
  await page.waitForTimeout(1500);
  mkdirSync(path.dirname(storeShot), { recursive: true });
  await page.screenshot({ path: storeShot, fullPage: true });
  console.log(`wrote ${path.relative(path.join(decisions, '..', '..'), storeShot)}`);
  await session.detach();
} finally {
  await context.close();
}
