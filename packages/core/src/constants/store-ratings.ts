/** The stores a configured rating may be read from (STORE_RATING_SOURCE; docs/funnel.md, figures). */
export const STORE_RATING_SOURCES = ['app-store', 'google-play', 'chrome-web-store'] as const;
export type StoreRatingSource = (typeof STORE_RATING_SOURCES)[number];

/** How each store is named next to its rating. */
export const STORE_NAMES: Record<StoreRatingSource, string> = {
  'app-store': 'the App Store',
  'google-play': 'Google Play',
  'chrome-web-store': 'the Chrome Web Store',
};
