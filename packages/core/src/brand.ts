import { LEGAL_PATHS } from './legal/paths';

const website = 'https://stillpoint.app';

/** Brand values, in one place for the web app, the server (e-mails, OpenAPI) and the extension. */
export const brand = {
  name: 'Stillpoint',
  tagline: 'A breath before the scroll.',
  supportEmail: 'support@stillpoint.app',
  website,
  blogUrl: 'https://stillpoint.app/blog',
  /** The web app's own legal pages (LEGAL_PATHS) on the public site. */
  privacyPolicyUrl: `${website}${LEGAL_PATHS.privacy}`,
  termsUrl: `${website}${LEGAL_PATHS.terms}`,
  chromeWebStoreUrl: 'https://chromewebstore.google.com/detail/stillpoint',
} as const;

/** The App Store page of an app id (digits, from the server's configuration). */
export const appStoreUrl = (appStoreId: string): string =>
  `https://apps.apple.com/app/id${encodeURIComponent(appStoreId)}`;

/** The Play Store page of an Android package name (from the server's configuration). */
export const playStoreUrl = (packageName: string): string =>
  `https://play.google.com/store/apps/details?id=${encodeURIComponent(packageName)}`;
