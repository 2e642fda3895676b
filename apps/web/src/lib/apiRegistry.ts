import type { Endpoint, EndpointName } from '@stillpoint/core';

/**
 * The endpoint registry, one group of calls at a time. Every call's schemas need zod, the largest
 * shared code of the app, and building all of them at once is one long task on the page's main
 * thread. So `callApi` loads only the group of the call it makes, on its first call: a public page
 * that asks for its store links builds those schemas and no others, and a page's first screen never
 * waits for any of them (pages that call nothing on arrival, such as /quiz, load none at all).
 */
const groups = {
  analytics: () => import('@stillpoint/core/api/schemas/analytics').then((m) => m.analyticsEndpoints),
  apps: () => import('@stillpoint/core/api/schemas/apps').then((m) => m.appsEndpoints),
  auth: () => import('@stillpoint/core/api/schemas/auth').then((m) => m.authEndpoints),
  country: () => import('@stillpoint/core/api/schemas/country').then((m) => m.countryEndpoints),
  feedback: () => import('@stillpoint/core/api/schemas/feedback').then((m) => m.feedbackEndpoints),
  gifts: () => import('@stillpoint/core/api/schemas/gifts').then((m) => m.giftsEndpoints),
  health: () => import('@stillpoint/core/api/schemas/health').then((m) => m.healthEndpoints),
  insights: () => import('@stillpoint/core/api/schemas/insights').then((m) => m.insightsEndpoints),
  legacyImport: () =>
    import('@stillpoint/core/api/schemas/legacy-import').then((m) => m.legacyImportEndpoints),
  links: () => import('@stillpoint/core/api/schemas/links').then((m) => m.linksEndpoints),
  mobileUsage: () => import('@stillpoint/core/api/schemas/mobile-usage').then((m) => m.mobileUsageEndpoints),
  newsletter: () => import('@stillpoint/core/api/schemas/newsletter').then((m) => m.newsletterEndpoints),
  onboarding: () => import('@stillpoint/core/api/schemas/onboarding').then((m) => m.onboardingEndpoints),
  payments: () => import('@stillpoint/core/api/schemas/payments').then((m) => m.paymentsEndpoints),
  profile: () => import('@stillpoint/core/api/schemas/profile').then((m) => m.profileEndpoints),
  quotes: () => import('@stillpoint/core/api/schemas/quotes').then((m) => m.quotesEndpoints),
  referral: () => import('@stillpoint/core/api/schemas/referral').then((m) => m.referralEndpoints),
  settings: () => import('@stillpoint/core/api/schemas/settings').then((m) => m.settingsEndpoints),
  sites: () => import('@stillpoint/core/api/schemas/sites').then((m) => m.sitesEndpoints),
  subscription: () =>
    import('@stillpoint/core/api/schemas/subscription').then((m) => m.subscriptionEndpoints),
  user: () => import('@stillpoint/core/api/schemas/user').then((m) => m.userEndpoints),
};

export type EndpointGroup = keyof typeof groups;

/**
 * Which group each call is declared in (core's `api/schemas/<group>.ts`). Typed over every
 * endpoint name, so a new call does not compile until it is placed; `apiRegistry.test.ts` checks
 * each group holds the calls named here.
 */
export const endpointGroups: Record<EndpointName, EndpointGroup> = {
  trackAnalyticsEvent: 'analytics',
  trackTikTokEvent: 'analytics',
  fetchApps: 'apps',
  getSupportedApps: 'apps',
  getAuthConfig: 'auth',
  syncCurrentUser: 'auth',
  createCustomFirebaseToken: 'auth',
  exchangeExtensionToken: 'auth',
  devOutbox: 'auth',
  getVisitorCountry: 'country',
  sendUninstallFeedback: 'feedback',
  requestPurchaseRestore: 'feedback',
  sendFeedback: 'feedback',
  createStripeCheckoutSessionForGift: 'gifts',
  getGiftPurchase: 'gifts',
  redeemCode: 'gifts',
  healthz: 'health',
  readyz: 'health',
  reportInterceptOutcomes: 'insights',
  getInsights: 'insights',
  importLegacyExtensionData: 'legacyImport',
  getAppLinks: 'links',
  createDeepLink: 'links',
  getDeepLink: 'links',
  reportMobileUsage: 'mobileUsage',
  joinNewsletter: 'newsletter',
  getNewOnboardingHDYHOptions: 'onboarding',
  getOnboardingAnswers: 'onboarding',
  updateOnboardingAnswers: 'onboarding',
  updateOnboardingParams: 'onboarding',
  getPaymentConfig: 'payments',
  getStripePrice: 'payments',
  createStripeCheckoutSessionForSubscription: 'payments',
  getStripeCustomer: 'payments',
  createStripeCustomer: 'payments',
  getStripeSubscriptionIntent: 'payments',
  getProfileWeb: 'profile',
  getQuotes: 'quotes',
  viewAppReferral: 'referral',
  clickedDownloadFromAppReferral: 'referral',
  getAppReferralStats: 'referral',
  getBrowserSiteSettings: 'settings',
  updateBrowserSiteSettings: 'settings',
  getBrowserSitesWithActiveAndTodaysSessions: 'sites',
  addBrowserSite: 'sites',
  archiveBrowserSite: 'sites',
  updateBrowserCustomSite: 'sites',
  startBrowserSiteSession: 'sites',
  getSubscriber: 'subscription',
  getSubscriptionState: 'subscription',
  startFreeTrial: 'subscription',
  getUser: 'user',
};

/** The group's calls, by name; loaded (and its schemas built) on the group's first call. */
export async function loadEndpointGroup(group: EndpointGroup): Promise<Record<string, Endpoint>> {
  return groups[group]();
}

/** One call's endpoint, loading only its group. */
export async function loadEndpoint(name: EndpointName): Promise<Endpoint> {
  const group = await loadEndpointGroup(endpointGroups[name]);
  const endpoint = group[name];
  if (!endpoint) throw new Error(`${name} is not declared in core's ${endpointGroups[name]} schemas.`);
  return endpoint;
}
