/**
 * `npm run package:extension`: builds the store extension (STILLPOINT_STORE_BUILD=1, the
 * production web app) and zips it with WXT for the Chrome Web Store and Edge Add-ons, then prints
 * the zip's path, its version and its SHA-256, so the upload can be matched to this build. The
 * version is the extension's package.json "version", which WXT writes into the manifest.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { STORE_OUT_DIR } from './store-build';

const extensionRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { version } = JSON.parse(readFileSync(path.join(extensionRoot, 'package.json'), 'utf8')) as {
  version: string;
};

execFileSync('npx', ['wxt', 'zip'], {
  cwd: extensionRoot,
  // biome-ignore lint/style/noProcessEnv: WXT runs with this environment, plus the store build's flag.
  env: { ...process.env, STILLPOINT_STORE_BUILD: '1', STILLPOINT_APP_ENV: '' },
  stdio: 'inherit',
});

// The name wxt.config.ts gives the zip (zip.artifactTemplate).
const zipPath = path.join(extensionRoot, STORE_OUT_DIR, `stillpoint-${version}-chrome.zip`);
const sha256 = createHash('sha256').update(readFileSync(zipPath)).digest('hex');
console.log(`\nStillpoint extension ${version} for the Chrome Web Store and Edge Add-ons`);
console.log(`zip     ${path.relative(process.cwd(), zipPath)}`);
console.log(`sha256  ${sha256}`);
