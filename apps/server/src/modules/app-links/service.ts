import { type AppLinks, appStoreUrl, brand, playStoreUrl } from '@stillpoint/core';
import type { Config } from '../../config';

/** The Play Store page of the configured Android app; deep links send Android visitors here. */
export const playStorePage = (config: Pick<Config, 'stores'>): string =>
  playStoreUrl(config.stores.playStorePackage);

/**
 * Where Stillpoint lives outside this site (SPEC §2 footer, store badges): the store pages of the
 * configured app ids and the brand's own pages. Only the store ids differ between environments.
 */
export function appLinks(config: Pick<Config, 'stores'>): AppLinks {
  return {
    appStoreUrl: appStoreUrl(config.stores.appStoreId),
    playStoreUrl: playStorePage(config),
    website: brand.website,
    blogUrl: brand.blogUrl,
    privacyPolicyUrl: brand.privacyPolicyUrl,
    supportEmail: brand.supportEmail,
  };
}
