import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { environments } from '@stillpoint/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DYNAMIC_CODE } from './no-dynamic-code';
import {
  ANY_SITE,
  ICON_SIZES,
  MINIMUM_CHROME_VERSION,
  STORE_OUT_DIR,
  STORE_PERMISSIONS,
} from './store-build';

/**
 * The build a person would upload to the Chrome Web Store, checked the way a store review would
 * look at it. It is built once here (about 5 s) into its own folder, so the development build the
 * e2e suite loads is left alone.
 */
const extensionRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const buildDir = path.join(extensionRoot, STORE_OUT_DIR, 'chrome-mv3');

interface Manifest {
  manifest_version: number;
  key?: string;
  permissions?: string[];
  host_permissions?: string[];
  optional_permissions?: string[];
  optional_host_permissions?: string[];
  externally_connectable?: { matches?: string[]; ids?: string[] };
  icons?: Record<string, string>;
  minimum_chrome_version?: string;
}

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
const pngSize = (data: Buffer) => ({ width: data.readUInt32BE(16), height: data.readUInt32BE(20) });

let manifest: Manifest;

beforeAll(() => {
  execFileSync('npx', ['wxt', 'build'], {
    cwd: extensionRoot,
    // biome-ignore lint/style/noProcessEnv: WXT runs with this environment, plus the store build's flag.
    env: { ...process.env, STILLPOINT_STORE_BUILD: '1', STILLPOINT_APP_ENV: '' },
    stdio: 'pipe',
  });
  manifest = JSON.parse(readFileSync(path.join(buildDir, 'manifest.json'), 'utf8')) as Manifest;
}, 120_000);

describe('the store build of the extension', () => {
  it('asks for no permission outside the chosen set (decision 045)', () => {
    expect(manifest.manifest_version).toBe(3);
    expect([...(manifest.permissions ?? [])].sort()).toEqual([...STORE_PERMISSIONS].sort());
    // Redirect rules act only where host access was granted; no blanket "block content" right.
    expect(manifest.permissions).not.toContain('declarativeNetRequest');
    // Required host access: the production web app only, for breathe's first-screen check.
    const origin = new URL(environments.production.publicUrl).origin;
    expect(manifest.host_permissions ?? []).toEqual([`${origin}/*`]);
    // Every other site is asked for one by one, when the person grants it.
    expect(manifest.optional_host_permissions ?? []).toEqual([ANY_SITE]);
    expect(manifest.optional_permissions ?? []).toEqual([]);
  });

  it('carries no key: the store signs it and gives it its id', () => {
    expect(manifest).not.toHaveProperty('key');
  });

  it('accepts messages from the production web app only', () => {
    const origin = new URL(environments.production.publicUrl).origin;
    expect(origin).toMatch(/^https:\/\//);
    expect(manifest.externally_connectable).toEqual({ matches: [`${origin}/*`] });
  });

  it('lists its icons at 16, 32, 48 and 128 px, each a PNG of its size', () => {
    expect(Object.keys(manifest.icons ?? {}).map(Number)).toEqual([...ICON_SIZES]);
    for (const size of ICON_SIZES) {
      const file = manifest.icons?.[String(size)] ?? '';
      expect(pngSize(readFileSync(path.join(buildDir, file)))).toEqual({ width: size, height: size });
    }
  });

  it('names the oldest Chrome it runs on', () => {
    expect(manifest.minimum_chrome_version).toBe(MINIMUM_CHROME_VERSION);
  });

  it('has no eval or Function constructor in any script it ships', () => {
    const scripts = filesUnder(buildDir).filter((file) => /\.(js|html)$/.test(file));
    expect(scripts.length).toBeGreaterThan(5);
    const offending = scripts.filter((file) => DYNAMIC_CODE.test(readFileSync(file, 'utf8')));
    expect(offending.map((file) => path.relative(buildDir, file))).toEqual([]);
  });
});
