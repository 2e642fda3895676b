/**
 * TanStack Query keys for server data that more than one feature reads (the home page and the
 * breathe page both read sites). Invalidate with the prefix (e.g. queryKeys.sites()) to refresh
 * every day's copy.
 */
export const queryKeys = {
  sites: (userDay?: number) => (userDay === undefined ? ['sites'] : ['sites', userDay]),
  feedblockingSettings: () => ['feedblockingSettings'],
  profile: () => ['profile'],
  mobileApps: (userDay?: number) => (userDay === undefined ? ['mobileApps'] : ['mobileApps', userDay]),
  supportedApps: () => ['supportedApps'],
  quotes: () => ['quotes'],
  /** The extension's PULSE_CHECK, per signed-in person (it is signed in as them on the way). */
  extension: (userId: string | null) => ['extension', userId],
  /** GET_SITE_ACCESS: which of these sites the extension on this browser may not intercept yet. */
  extensionSiteAccess: (siteOrigins: readonly string[]) => ['extension', 'siteAccess', siteOrigins],
  onboardingAnswers: () => ['onboardingAnswers'],
  hdyhOptions: () => ['hdyhOptions'],
  /** getSubscriptionState, per person, so a new sign-in never reads the last person's plan. */
  subscription: (userId?: string) => (userId === undefined ? ['subscription'] : ['subscription', userId]),
  paymentConfig: () => ['paymentConfig'],
  stripePrice: (priceId: string) => ['stripePrice', priceId],
  appLinks: () => ['appLinks'],
  /** getStripeCustomer, per person: whether they already hold a live web subscription. */
  paymentCustomer: (userId: string) => ['paymentCustomer', userId],
  /** getPurchaseSummary, per person: what their premium came from, for the confirmation. */
  purchaseSummary: (userId: string) => ['purchaseSummary', userId],
  /** getCheckoutTerms, per person and price: what buying it now charges. */
  checkoutTerms: (userId: string, priceId: string) => ['checkoutTerms', userId, priceId],
  /** The support console's reads (features/admin), all under one prefix. */
  admin: {
    /** adminGetSelf: whether the signed-in person may use the console. */
    self: () => ['admin', 'self'],
    /** adminFindPeople's answers; without q, all of them. */
    people: (q?: string) => (q === undefined ? ['admin', 'people'] : ['admin', 'people', q]),
    /** adminGetPerson; an action on the person invalidates it. */
    person: (uid: string) => ['admin', 'person', uid],
    feedback: (filter: { kind: string | null; q: string }) => ['admin', 'feedback', filter],
    /** Every admin action, newest first. */
    auditEvents: () => ['admin', 'auditEvents'],
    clientErrors: () => ['admin', 'clientErrors'],
  },
} as const;
