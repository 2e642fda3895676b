/** SPEC §7 analytics event names the web app tracks. */
export const ANALYTICS_EVENTS = [
  'viewAddSiteModal',
  'closeAddSiteModal',
  'viewEditSiteModal',
  'closeEditSiteModal',
  'deleteCustomSite',
  'editCustomSite',
  'addedNewSite',
  'toggleCustomSiteActive',
  'editFeedblocking',
  'requestBrowserSupport',
  'clickedFinishSetupFromHome',
  'cookieConsent',
] as const;
export type AnalyticsEvent = (typeof ANALYTICS_EVENTS)[number];

/**
 * The funnel's milestones as TikTok standard events (Events API 2.0 names), so ad campaigns can
 * optimise for them: each step viewed, the account made, the paywall reached, the trial started.
 */
export const FUNNEL_AD_EVENTS = {
  stepViewed: 'ViewContent',
  signedUp: 'CompleteRegistration',
  paywallReached: 'InitiateCheckout',
  purchased: 'Subscribe',
} as const;
