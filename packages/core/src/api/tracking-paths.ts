/**
 * The tracking calls' paths, apart from the endpoint registry: the web app sends events from every
 * page, and importing the registry for a path would bring every schema (and zod) to pages that
 * need none of them. The registry declares these same constants.
 */
export const trackingPaths = {
  trackAnalyticsEvent: '/trackAnalyticsEvent',
  trackTikTokEvent: '/trackTikTokEvent',
} as const;
