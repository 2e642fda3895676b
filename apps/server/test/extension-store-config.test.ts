import { brand } from '@stillpoint/core';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { productionEnv, stagingEnv } from './support/config';

const CHROME = 'https://chromewebstore.google.com/detail/stillpoint/abcdefghijklmnopabcdefghijklmnop';
const EDGE = 'https://microsoftedge.microsoft.com/addons/detail/stillpoint/ponmlkjihgfedcbaponmlkjihgfedcba';

describe("the extension's store pages (EXTENSION_STORE_URL, EXTENSION_EDGE_STORE_URL)", () => {
  it('are the configured listings when set', () => {
    expect(
      loadConfig({ EXTENSION_STORE_URL: CHROME, EXTENSION_EDGE_STORE_URL: EDGE }).extensionStores,
    ).toEqual({
      chromeWebStoreUrl: CHROME,
      edgeAddOnsUrl: EDGE,
    });
  });

  it('outside production, fall back to the brand’s Chrome Web Store page and no Edge listing', () => {
    expect(loadConfig({}).extensionStores).toEqual({
      chromeWebStoreUrl: brand.chromeWebStoreUrl,
      edgeAddOnsUrl: null,
    });
    expect(loadConfig(stagingEnv).extensionStores.chromeWebStoreUrl).toBe(brand.chromeWebStoreUrl);
  });

  it('production refuses to start without the Chrome Web Store page; Edge stays optional', () => {
    const { EXTENSION_STORE_URL: _chrome, ...withoutListing } = productionEnv;
    expect(() => loadConfig(withoutListing)).toThrow(/EXTENSION_STORE_URL: required in production/);
    expect(loadConfig(productionEnv).extensionStores).toEqual({
      chromeWebStoreUrl: productionEnv.EXTENSION_STORE_URL,
      edgeAddOnsUrl: null,
    });
  });

  it.each([
    ['EXTENSION_STORE_URL', 'chromewebstore.google.com/detail/stillpoint/abcdefghijklmnopabcdefghijklmnop'],
    [
      'EXTENSION_STORE_URL',
      'http://chromewebstore.google.com/detail/stillpoint/abcdefghijklmnopabcdefghijklmnop',
    ],
    ['EXTENSION_STORE_URL', 'https://chromewebstore.google.com/detail/stillpoint'],
    ['EXTENSION_STORE_URL', 'https://evil.example/detail/stillpoint/abcdefghijklmnopabcdefghijklmnop'],
    ['EXTENSION_STORE_URL', EDGE],
    ['EXTENSION_EDGE_STORE_URL', CHROME],
    ['EXTENSION_EDGE_STORE_URL', 'https://microsoftedge.microsoft.com/addons/detail/stillpoint'],
  ])('refuses %s=%s, naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}: must be`));
  });
});
