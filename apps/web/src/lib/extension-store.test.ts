import { describe, expect, it } from 'vitest';
import { FAKE_APP_LINKS } from '../test/fake-server';
import { brand } from './brand';
import { detectBrowser } from './browser';
import { extensionStorePage } from './extension-store';

const CHROME_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const EDGE_UA = `${CHROME_UA} Edg/131.0.0.0`;
const listed = {
  ...FAKE_APP_LINKS,
  chromeWebStoreUrl: 'https://chromewebstore.google.com/detail/stillpoint/abcdefghijklmnopabcdefghijklmnop',
  edgeAddOnsUrl:
    'https://microsoftedge.microsoft.com/addons/detail/stillpoint/ponmlkjihgfedcbaponmlkjihgfedcba',
};

describe('the extension store page an "Add to Chrome" link opens', () => {
  it('is the configured Chrome Web Store page in Chrome', () => {
    expect(extensionStorePage(listed, detectBrowser(CHROME_UA))).toBe(listed.chromeWebStoreUrl);
  });

  it('is the Edge Add-ons page in Edge when the extension is listed there', () => {
    expect(extensionStorePage(listed, detectBrowser(EDGE_UA))).toBe(listed.edgeAddOnsUrl);
  });

  it('is the Chrome Web Store page in Edge when it is not', () => {
    expect(extensionStorePage({ ...listed, edgeAddOnsUrl: null }, detectBrowser(EDGE_UA))).toBe(
      listed.chromeWebStoreUrl,
    );
  });

  it('is the brand’s Chrome Web Store page until the server has answered', () => {
    expect(extensionStorePage(undefined, detectBrowser(EDGE_UA))).toBe(brand.chromeWebStoreUrl);
  });
});
