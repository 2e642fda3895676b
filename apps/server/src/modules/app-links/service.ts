import { type AppLinks, appStoreUrl, brand, LEGAL_PATHS, playStoreUrl } from '@stillpoint/core';
import type { Config } from '../../config';

/** The App Store page of the configured iOS app. */
export const appStorePage = (config: Pick<Config, 'stores'>): string => appStoreUrl(config.stores.appStoreId);

/** The Play Store page of the configured Android app; deep links send Android visitors here. */
export const playStorePage = (config: Pick<Config, 'stores'>): string =>
  playStoreUrl(config.stores.playStorePackage);

/**
 * Where Stillpoint lives outside this site (SPEC §2 footer, store badges, "Add to Chrome"): the
 * store pages of the configured app ids and extension listings, and the brand's own pages. The privacy policy is this deployment's own page,
 * so that the text a person reads is the one this server's code keeps (a test or staging
 * deployment may differ from the public site).
 */
export function appLinks(config: Pick<Config, 'stores' | 'extensionStores' | 'publicUrl'>): AppLinks {
  return {
    appStoreUrl: appStorePage(config),
    playStoreUrl: playStorePage(config),
    chromeWebStoreUrl: config.extensionStores.chromeWebStoreUrl,
    edgeAddOnsUrl: config.extensionStores.edgeAddOnsUrl,
    website: brand.website,
    blogUrl: brand.blogUrl,
    privacyPolicyUrl: `${config.publicUrl}${LEGAL_PATHS.privacy}`,
    supportEmail: brand.supportEmail,
  };
}
