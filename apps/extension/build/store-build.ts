/**
 * What the build uploaded to the Chrome Web Store and Edge Add-ons is held to. wxt.config.ts
 * builds from these values and store-manifest.test.ts checks the built manifest against them, so
 * a permission cannot be added to the store build without changing this file.
 */

/** Where `STILLPOINT_STORE_BUILD=1` writes, apart from the development build the e2e suite loads. */
export const STORE_OUT_DIR = '.output/store';

/**
 * The oldest Chrome the code runs on: the redirect rules' `requestDomains` and
 * `excludedRequestDomains` conditions came in Chrome 101 (docs/extension.md, "Publishing"); the
 * rest (`declarativeNetRequestWithHostAccess` in 96, optional host access and promise-returning
 * `chrome.permissions` in MV3) is older.
 */
export const MINIMUM_CHROME_VERSION = '101';

/**
 * How a build asks for access to the sites it intercepts (decision 045):
 * - `per-site`, the store build: redirect rules work only where the person granted access, asked
 *   for site by site through optional host access;
 * - `all-sites`, the development build the e2e suite loads: access to every site at install;
 * - `per-site-test`, a development build for the e2e test of per-site access: the same as
 *   `per-site`, except that access to every site is a required permission a test withholds and
 *   grants site by site through chrome://extensions, since no test can click "Allow" in Chrome's
 *   prompt.
 */
export type HostAccessMode = 'per-site' | 'all-sites' | 'per-site-test';

export function parseHostAccessMode(value: string | undefined): HostAccessMode {
  if (!value) return 'all-sites';
  if (value === 'per-site' || value === 'all-sites' || value === 'per-site-test') return value;
  throw new Error(`STILLPOINT_HOST_ACCESS must be per-site, all-sites or per-site-test, not "${value}".`);
}

/** Where the per-site test build is written, beside the development build. */
export const PER_SITE_TEST_OUT_DIR = '.output/per-site-test';

/** Any site a person adds; Chrome asks for each one separately (`chrome.permissions.request`). */
export const ANY_SITE = '*://*/*';

/** The only API permissions the store build may ask for. */
export const STORE_PERMISSIONS = ['alarms', 'declarativeNetRequestWithHostAccess', 'storage'] as const;

/**
 * The host access each mode asks for. `webAppPatterns` is the web app's own origin, always
 * required: breathe's first screen checks the web app can load before handing over.
 */
export function hostAccessManifest(mode: HostAccessMode, webAppPatterns: readonly string[]) {
  if (mode === 'all-sites') {
    return {
      permissions: ['storage', 'alarms', 'declarativeNetRequest'],
      host_permissions: ['<all_urls>'],
    };
  }
  const permissions = [...STORE_PERMISSIONS];
  return mode === 'per-site'
    ? { permissions, host_permissions: [...webAppPatterns], optional_host_permissions: [ANY_SITE] }
    : { permissions, host_permissions: [...webAppPatterns, ANY_SITE] };
}

/** The icon sizes the stores and Chrome's toolbar, extensions page and install dialog ask for. */
export const ICON_SIZES = [16, 32, 48, 128] as const;
