import type { AppLinks } from '@stillpoint/core';

/** The stores Stillpoint's phone app is in. */
export type Store = 'appStore' | 'googlePlay';

export const storeNames: Record<Store, string> = { appStore: 'App Store', googlePlay: 'Google Play' };

/** How a store is named inside a sentence: 'on the App Store', 'on Google Play'. */
export const storeInText: Record<Store, string> = { appStore: 'the App Store', googlePlay: 'Google Play' };

/** The store's page for Stillpoint, from the server's getAppLinks. */
export const storeUrl = (links: AppLinks, store: Store): string =>
  store === 'appStore' ? links.appStoreUrl : links.playStoreUrl;
