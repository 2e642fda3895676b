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
