import { type AppLinks, appStoreUrl, brand, playStoreUrl } from '@stillpoint/core';
import type { Config } from '../../config';

/** The App Store page of the configured iOS app. */
export const appStorePage = (config: Pick<Config, 'stores'>): string => appStoreUrl(config.stores.appStoreId);

/** The Play Store page of the configured Android app; deep links send Android visitors here. */
export const playStorePage = (config: Pick<Config, 'stores'>): string =>
  playStoreUrl(config.stores.playStorePackage);

/**
 * Where Stillpoint lives outside this site (SPEC §2 footer, store badges): the store pages of the
 * configured app ids and the brand's own pages. Only the store ids differ between environments.
 */
export function appLinks(config: Pick<Config, 'stores'>): AppLinks {
  return {
    appStoreUrl: appStorePage(config),
    playStoreUrl: playStorePage(config),
    website: brand.website,
    blogUrl: brand.blogUrl,
    privacyPolicyUrl: brand.privacyPolicyUrl,
    supportEmail: brand.supportEmail,
  };
}
