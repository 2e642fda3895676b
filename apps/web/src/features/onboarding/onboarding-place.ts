import { INTENTION_OPTIONS, type Intention, ONBOARDING_STEPS, type OnboardingStep } from '@stillpoint/core';

/** Where someone is in onboarding: the steps shown so far and the answers not yet sent. */
export interface OnboardingPlace {
  visited: OnboardingStep[];
  intention: Intention | null;
  outcome: string | null;
}

const keyFor = (userId: string, pathname: string) => `stillpoint.onboarding.${userId}.${pathname}`;

const isStep = (value: unknown): value is OnboardingStep => ONBOARDING_STEPS.some((step) => step === value);
export const asIntention = (value: unknown): Intention | null =>
  INTENTION_OPTIONS.find((option) => option === value) ?? null;

/**
 * The place is kept for this tab (sessionStorage), per person and route, so a reload, or a trip to
 * the Chrome Web Store in the same tab, comes back to the same step. Anything unreadable counts
 * as no place: onboarding then starts where SPEC §4 says.
 */
export const onboardingPlace = {
  read(userId: string, pathname: string): OnboardingPlace | null {
    try {
      const stored: unknown = JSON.parse(sessionStorage.getItem(keyFor(userId, pathname)) ?? 'null');
      if (typeof stored !== 'object' || stored === null) return null;
      const { visited, intention, outcome } = stored as Record<string, unknown>;
      if (!Array.isArray(visited) || visited.length === 0 || !visited.every(isStep)) return null;
      return {
        visited,
        intention: asIntention(intention),
        outcome: typeof outcome === 'string' ? outcome : null,
      };
    } catch {
      return null;
    }
  },
  save(userId: string, pathname: string, place: OnboardingPlace): void {
    try {
      sessionStorage.setItem(keyFor(userId, pathname), JSON.stringify(place));
    } catch {
      // Storage full or blocked: onboarding still works, it just starts over after a reload.
    }
  },
  clear(userId: string, pathname: string): void {
    sessionStorage.removeItem(keyFor(userId, pathname));
  },
};
