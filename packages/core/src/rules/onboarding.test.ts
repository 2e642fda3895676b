import { describe, expect, it } from 'vitest';
import { ONBOARDING_STEPS } from '../constants/steps';
import {
  initialOnboardingStep,
  isSubmittableSiteRow,
  leavesOnboardingForHome,
  nextOnboardingStep,
  onboardingPath,
  onboardingProgress,
} from './onboarding';

describe('initialOnboardingStep', () => {
  it('asks the intention first when none was saved', () => {
    expect(initialOnboardingStep({ isIosRoute: false, hasSavedIntention: false, hasExtension: true })).toBe(
      'ASK_INTENTION',
    );
  });

  it('goes to the extension step when the intention is saved and the extension is present', () => {
    expect(initialOnboardingStep({ isIosRoute: false, hasSavedIntention: true, hasExtension: true })).toBe(
      'DOWNLOAD_EXTENSION',
    );
  });

  it('otherwise starts at the iPhone app step', () => {
    expect(initialOnboardingStep({ isIosRoute: false, hasSavedIntention: true, hasExtension: false })).toBe(
      'DOWNLOAD_IOS_APP',
    );
  });

  it('always starts at the iPhone app step on the iOS route', () => {
    for (const hasSavedIntention of [true, false])
      for (const hasExtension of [true, false])
        expect(initialOnboardingStep({ isIosRoute: true, hasSavedIntention, hasExtension })).toBe(
          'DOWNLOAD_IOS_APP',
        );
  });
});

describe('the step order', () => {
  it('follows SPEC §4 and ends after PIN_EXTENSION', () => {
    const visited = ['ASK_INTENTION'];
    let step = nextOnboardingStep('ASK_INTENTION');
    while (step) {
      visited.push(step);
      step = nextOnboardingStep(step);
    }
    expect(visited).toEqual([
      'ASK_INTENTION',
      'ASK_OUTCOME',
      'ASK_HDYH',
      'DOWNLOAD_IOS_APP',
      'DOWNLOAD_EXTENSION',
      'SETUP_FEEDBLOCKING',
      'SETUP_INTERCEPT',
      'PIN_EXTENSION',
    ]);
  });

  it('ends after SETUP_INTERCEPT for someone without the extension, who has nothing to pin', () => {
    expect(nextOnboardingStep('SETUP_INTERCEPT', { hasExtension: false })).toBeNull();
    expect(nextOnboardingStep('SETUP_INTERCEPT', { hasExtension: true })).toBe('PIN_EXTENSION');
    expect(nextOnboardingStep('DOWNLOAD_EXTENSION', { hasExtension: false })).toBe('SETUP_FEEDBLOCKING');
  });

  it('counts progress from 1 to the number of steps', () => {
    expect(onboardingProgress('ASK_INTENTION')).toEqual({ current: 1, total: ONBOARDING_STEPS.length });
    expect(onboardingProgress('PIN_EXTENSION')).toEqual({ current: 8, total: 8 });
  });

  it('counts only the steps a person is shown', () => {
    // Without the extension there is no pin step.
    expect(onboardingProgress('SETUP_FEEDBLOCKING', { hasExtension: false })).toEqual({
      current: 6,
      total: 7,
    });
    // Starting at the iPhone app step (intention saved, or the iOS route) skips the three questions.
    expect(onboardingProgress('DOWNLOAD_IOS_APP', { first: 'DOWNLOAD_IOS_APP' })).toEqual({
      current: 1,
      total: 5,
    });
    // Outside Chrome onboarding ends at the iPhone app step.
    expect(onboardingProgress('ASK_HDYH', { isChrome: false })).toEqual({ current: 3, total: 4 });
    expect(onboardingPath({ hasExtension: false })).not.toContain('PIN_EXTENSION');
  });

  it('leaves the extension step for home outside Chrome only', () => {
    expect(leavesOnboardingForHome('DOWNLOAD_EXTENSION', false)).toBe(true);
    expect(leavesOnboardingForHome('DOWNLOAD_EXTENSION', true)).toBe(false);
    expect(leavesOnboardingForHome('SETUP_INTERCEPT', false)).toBe(false);
  });
});

describe('isSubmittableSiteRow', () => {
  it('keeps rows with a site and a positive whole budget', () => {
    expect(
      [
        { siteOrigin: ' reddit.com ', budget: 3 },
        { siteOrigin: '', budget: 3 },
        { siteOrigin: '   ', budget: 2 },
        { siteOrigin: 'x.com', budget: 0 },
        { siteOrigin: 'tiktok.com', budget: Number.NaN },
        { siteOrigin: 'news.com', budget: 1 },
      ].filter(isSubmittableSiteRow),
    ).toEqual([
      { siteOrigin: ' reddit.com ', budget: 3 },
      { siteOrigin: 'news.com', budget: 1 },
    ]);
  });
});
