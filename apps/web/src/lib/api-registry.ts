import type { Endpoint, EndpointName } from '@stillpoint/core';

/**
 * The endpoint registry, one group of calls at a time. Every call's schemas need zod, the largest
 * shared code of the app, and building all of them at once is one long task on the page's main
 * thread. So `callApi` loads only the group of the call it makes, on its first call: a public page
 * that asks for its store links builds those schemas and no others, and a page's first screen never
 * waits for any of them (pages that call nothing on arrival, such as /quiz, load none at all).
 */
const groups = {
  account: () => import('@stillpoint/core/api/schemas/account').then((m) => m.accountEndpoints),
  admin: () => import('@stillpoint/core/api/schemas/admin').then((m) => m.adminEndpoints),
  analytics: () => import('@stillpoint/core/api/schemas/analytics').then((m) => m.analyticsEndpoints),
  apps: () => import('@stillpoint/core/api/schemas/apps').then((m) => m.appsEndpoints),
  auth: () => import('@stillpoint/core/api/schemas/auth').then((m) => m.authEndpoints),
  clientErrors: () =>
    import('@stillpoint/core/api/schemas/client-errors').then((m) => m.clientErrorsEndpoints),
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
  getAccount: 'account',
  exportAccount: 'account',
  deleteAccount: 'account',
  adminGetSelf: 'admin',
  adminFindPeople: 'admin',
  adminGetPerson: 'admin',
  adminGrantPremium: 'admin',
  adminRevokeGrant: 'admin',
  adminRefundPayment: 'admin',
  adminRefundGiftPurchase: 'admin',
  adminResendGiftEmail: 'admin',
  adminDeleteAccount: 'admin',
  adminListFeedback: 'admin',
  adminListAuditEvents: 'admin',
  adminListClientErrors: 'admin',
  trackAnalyticsEvent: 'analytics',
  trackTikTokEvent: 'analytics',
  fetchApps: 'apps',
  getSupportedApps: 'apps',
  getAuthConfig: 'auth',
  syncCurrentUser: 'auth',
  createCustomFirebaseToken: 'auth',
  exchangeExtensionToken: 'auth',
  devOutbox: 'auth',
  reportClientError: 'clientErrors',
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
  getProofFigures: 'insights',
  importLegacyExtensionData: 'legacyImport',
  getAppLinks: 'links',
  createDeepLink: 'links',
  getDeepLink: 'links',
  reportMobileUsage: 'mobileUsage',
  joinNewsletter: 'newsletter',
  confirmNewsletter: 'newsletter',
  unsubscribeNewsletter: 'newsletter',
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
  getCheckoutTerms: 'payments',
  getPurchaseSummary: 'payments',
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

/** Calls whose schemas came with a page's own code (provideEndpoints), by name. */
const provided = new Map<string, Endpoint>();

/**
 * Hands the registry groups of calls that a page imports with its own code: the page's preloads
 * (decision 021) fetch their schemas beside its chunk. Worth it for changes, which wait for their
 * schemas before they are sent; a read goes out at once and its group loads beside the answer, in
 * a task of its own, so a page's first reads are better left to the registry (decision 054).
 */
export function provideEndpoints(...given: Record<string, Endpoint>[]): void {
  for (const group of given)
    for (const [name, endpoint] of Object.entries(group)) provided.set(name, endpoint);
}

/** The group's calls, by name; loaded (and its schemas built) on the group's first call. */
export async function loadEndpointGroup(group: EndpointGroup): Promise<Record<string, Endpoint>> {
  return groups[group]();
}

/** What a request needs of its call, known before the call's schemas have loaded. */
export type EndpointRoute = Pick<Endpoint, 'method' | 'path'>;

/** The calls that are GETs; every other call is a POST. */
const GET_CALLS: ReadonlySet<EndpointName> = new Set<EndpointName>([
  'getAccount',
  'exportAccount',
  'adminGetSelf',
  'adminFindPeople',
  'adminGetPerson',
  'adminListFeedback',
  'adminListAuditEvents',
  'adminListClientErrors',
  'fetchApps',
  'getSupportedApps',
  'getAuthConfig',
  'createCustomFirebaseToken',
  'devOutbox',
  'getVisitorCountry',
  'getGiftPurchase',
  'healthz',
  'readyz',
  'getInsights',
  'getProofFigures',
  'getAppLinks',
  'getDeepLink',
  'getNewOnboardingHDYHOptions',
  'getOnboardingAnswers',
  'getPaymentConfig',
  'getStripePrice',
  'createStripeCheckoutSessionForSubscription',
  'getCheckoutTerms',
  'getPurchaseSummary',
  'getProfileWeb',
  'getQuotes',
  'getAppReferralStats',
  'getBrowserSiteSettings',
  'getBrowserSitesWithActiveAndTodaysSessions',
  'getSubscriber',
  'getSubscriptionState',
  'getUser',
]);

/** The calls whose path is not their name. */
const PATHS: Partial<Record<EndpointName, EndpointRoute['path']>> = {
  devOutbox: '/dev/outbox',
  adminGetSelf: '/admin/getSelf',
  adminFindPeople: '/admin/findPeople',
  adminGetPerson: '/admin/getPerson',
  adminGrantPremium: '/admin/grantPremium',
  adminRevokeGrant: '/admin/revokeGrant',
  adminRefundPayment: '/admin/refundPayment',
  adminRefundGiftPurchase: '/admin/refundGiftPurchase',
  adminResendGiftEmail: '/admin/resendGiftEmail',
  adminDeleteAccount: '/admin/deleteAccount',
  adminListFeedback: '/admin/listFeedback',
  adminListAuditEvents: '/admin/listAuditEvents',
  adminListClientErrors: '/admin/listClientErrors',
};

/**
 * A call's method and path without its schemas: the request goes out while its group loads, since
 * the schemas are needed only to read the answer. Otherwise every page's first call would wait for
 * a chunk download and the schemas' construction before it could even be sent.
 * `apiRegistry.test.ts` holds every route equal to core's endpoint.
 */
export const endpointRoute = (name: EndpointName): EndpointRoute => ({
  method: GET_CALLS.has(name) ? 'GET' : 'POST',
  path: PATHS[name] ?? `/${name}`,
});

/** One call's endpoint, loading only its group. */
export async function loadEndpoint(name: EndpointName): Promise<Endpoint> {
  const given = provided.get(name);
  if (given) return given;
  const group = await loadEndpointGroup(endpointGroups[name]);
  const endpoint = group[name];
  if (!endpoint) throw new Error(`${name} is not declared in core's ${endpointGroups[name]} schemas.`);
  return endpoint;
}
