/** SPEC §2 and §4 step enumerations, in the order the flows visit them. */

/** Onboarding order (SPEC §4); ASK_HDYH sends the answers. */
export const ONBOARDING_STEPS = [
  'ASK_INTENTION',
  'ASK_OUTCOME',
  'ASK_HDYH',
  'DOWNLOAD_IOS_APP',
  'DOWNLOAD_EXTENSION',
  'SETUP_FEEDBLOCKING',
  'SETUP_INTERCEPT',
  'PIN_EXTENSION',
] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

/**
 * The web-first funnel (/getting-started). The SPEC leaves the two review steps unnamed
 * (they carry their reviewers' names), so they are FIRST_REVIEW and SECOND_REVIEW here.
 */
export const FUNNEL_STEPS = [
  'LANDING',
  'INTENTION',
  'OUTCOME',
  'AGE',
  'OCCUPATION',
  'RIGHT_SPOT',
  'FIRST_REVIEW',
  'MOST_DISRUPTIVE',
  'WORST_APP',
  'BEFORE_STILLPOINT',
  'SECOND_REVIEW',
  'SIGN_UP',
  'PURCHASE',
  'REDIRECT_TO_DOWNLOAD',
] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

/** Steps on which the funnel hides its progress bar. */
export const FUNNEL_STEPS_WITHOUT_PROGRESS: readonly FunnelStep[] = ['LANDING', 'PURCHASE'];

export const RESTORE_PURCHASE_STEPS = ['INITIAL', 'SOURCE', 'ON_IOS', 'ON_OTHER', 'WERE_ON_IT'] as const;
export type RestorePurchaseStep = (typeof RESTORE_PURCHASE_STEPS)[number];

export const PAYWALL_VARIANTS = ['timeline', 'personalPlan'] as const;
export type PaywallVariant = (typeof PAYWALL_VARIANTS)[number];
