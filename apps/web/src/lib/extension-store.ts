import type { AppLinks } from '@stillpoint/core';
import { useAppLinks } from './app-links';
import { brand } from './brand';
import { currentBrowser, type DetectedBrowser } from './browser';

/**
 * Where an "Add to Chrome" link leads: the extension's Chrome Web Store page as the server is
 * configured (EXTENSION_STORE_URL), or its Edge Add-ons page for someone in Edge when it is listed
 * there (EXTENSION_EDGE_STORE_URL). Until getAppLinks answers, the brand's Chrome Web Store page.
 */
export function extensionStorePage(links: AppLinks | undefined, browser: DetectedBrowser | null): string {
  if (browser?.name === 'Edge' && links?.edgeAddOnsUrl) return links.edgeAddOnsUrl;
  return links?.chromeWebStoreUrl ?? brand.chromeWebStoreUrl;
}

/** The extension's store page for this browser (extensionStorePage). */
export function useExtensionStorePage(): string {
  const { data } = useAppLinks();
  return extensionStorePage(data, currentBrowser());
}
