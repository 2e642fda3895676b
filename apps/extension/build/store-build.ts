/**
 * What the build uploaded to the Chrome Web Store and Edge Add-ons is held to. wxt.config.ts
 * builds from these values and store-manifest.test.ts checks the built manifest against them, so
 * a permission cannot be added to the store build without changing this file.
 */

/** Where `STILLPOINT_STORE_BUILD=1` writes, apart from the development build the e2e suite loads. */
export const STORE_OUT_DIR = '.output/store';

/**
 * The oldest Chrome the code runs on: the redirect rules' `requestDomains` and
 * `excludedRequestDomains` conditions came in Chrome 101 (docs/extension.md, "Publishing").
 */
export const MINIMUM_CHROME_VERSION = '101';

/** The only API permissions the store build may ask for. */
export const STORE_PERMISSIONS = ['alarms', 'declarativeNetRequest', 'storage'] as const;

/** The only host access it may ask for (decision record: docs/decisions, least privilege). */
export const STORE_HOST_PERMISSIONS = ['<all_urls>'] as const;

/** The icon sizes the stores and Chrome's toolbar, extensions page and install dialog ask for. */
export const ICON_SIZES = [16, 32, 48, 128] as const;
