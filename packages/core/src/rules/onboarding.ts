import { ONBOARDING_STEPS, type OnboardingStep } from '../constants/steps';

export const ONBOARDING_IOS_PATH = '/onboarding-ios';

/** What decides where onboarding starts (SPEC §4). */
export interface OnboardingStartFacts {
  /** /onboarding-ios: the person came from the iPhone app. */
  isIosRoute: boolean;
  /** An intention was saved by an earlier visit. */
  hasSavedIntention: boolean;
  hasExtension: boolean;
}

/**
 * SPEC §4: ASK_INTENTION when no intention was saved (not on the iOS route); otherwise
 * DOWNLOAD_EXTENSION when the extension is present (not on the iOS route); otherwise
 * DOWNLOAD_IOS_APP.
 */
export function initialOnboardingStep({
  isIosRoute,
  hasSavedIntention,
  hasExtension,
}: OnboardingStartFacts): OnboardingStep {
  if (!isIosRoute && !hasSavedIntention) return 'ASK_INTENTION';
  if (!isIosRoute && hasExtension) return 'DOWNLOAD_EXTENSION';
  return 'DOWNLOAD_IOS_APP';
}

/**
 * The step after `step` in SPEC §4 order, or null when onboarding is over and home comes next.
 * Someone who chose to add the extension later is not asked to pin it: without the extension
 * there is nothing to pin, and home keeps offering it.
 */
export function nextOnboardingStep(
  step: OnboardingStep,
  { hasExtension = true }: { hasExtension?: boolean } = {},
): OnboardingStep | null {
  const following = ONBOARDING_STEPS[ONBOARDING_STEPS.indexOf(step) + 1] ?? null;
  return following === 'PIN_EXTENSION' && !hasExtension ? null : following;
}

/**
 * SPEC §4: the extension steps need Chrome; elsewhere DOWNLOAD_EXTENSION is left for home,
 * which explains that and offers to request the browser.
 */
export const leavesOnboardingForHome = (step: OnboardingStep, isChrome: boolean): boolean =>
  step === 'DOWNLOAD_EXTENSION' && !isChrome;

/** What decides which onboarding steps a person is shown, for counting them. */
export interface OnboardingPathFacts {
  /** The step this person's onboarding began at (initialOnboardingStep). */
  first?: OnboardingStep;
  hasExtension?: boolean;
  /** Outside Chrome onboarding ends before the extension step (leavesOnboardingForHome). */
  isChrome?: boolean;
}

/** The steps shown from `first` on, by the same rules that move between them. */
export function onboardingPath({
  first = 'ASK_INTENTION',
  hasExtension = true,
  isChrome = true,
}: OnboardingPathFacts = {}): OnboardingStep[] {
  const path: OnboardingStep[] = [];
  for (let step: OnboardingStep | null = first; step; step = nextOnboardingStep(step, { hasExtension })) {
    if (leavesOnboardingForHome(step, isChrome)) break;
    path.push(step);
  }
  return path;
}

/**
 * How far through onboarding a step is, 1-based, for a progress bar: counted over the steps this
 * person is shown, so someone who skips the pin step or starts later sees the true number.
 */
export function onboardingProgress(
  step: OnboardingStep,
  facts: OnboardingPathFacts = {},
): { current: number; total: number } {
  const path = onboardingPath(facts);
  const at = path.indexOf(step);
  // A step off the expected path (the extension removed mid-way) still counts in SPEC order.
  if (at < 0) return { current: ONBOARDING_STEPS.indexOf(step) + 1, total: ONBOARDING_STEPS.length };
  return { current: at + 1, total: path.length };
}

/** A custom site row in SETUP_INTERCEPT. */
export interface OnboardingSiteRow {
  siteOrigin: string;
  budget: number;
}

/** SPEC §5: a row is submitted only with a non-empty siteOrigin and a budget above 0. */
export const isSubmittableSiteRow = (row: OnboardingSiteRow): boolean =>
  row.siteOrigin.trim().length > 0 && Number.isInteger(row.budget) && row.budget > 0;
