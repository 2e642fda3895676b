import { describe, expect, it } from 'vitest';
import { FUNNEL_STEPS, type FunnelStep } from '../constants/steps';
import { firstFunnelStep, funnelProgress, isFunnelStep, nextFunnelStep, previousFunnelStep } from './funnel';

describe('the web-first funnel', () => {
  it('opens on the landing, on SIGN_UP when signed in, on PURCHASE when back from the provider', () => {
    expect(firstFunnelStep({ signedIn: false, returningFromPayment: false })).toBe('LANDING');
    expect(firstFunnelStep({ signedIn: true, returningFromPayment: false })).toBe('SIGN_UP');
    expect(firstFunnelStep({ signedIn: true, returningFromPayment: true })).toBe('PURCHASE');
    expect(firstFunnelStep({ signedIn: false, returningFromPayment: true })).toBe('PURCHASE');
  });

  it('keeps the place of a reload, but only where the person may be', () => {
    expect(firstFunnelStep({ signedIn: false, returningFromPayment: false, kept: 'AGE' })).toBe('AGE');
    expect(firstFunnelStep({ signedIn: false, returningFromPayment: false, kept: 'PURCHASE' })).toBe(
      'LANDING',
    );
    expect(firstFunnelStep({ signedIn: true, returningFromPayment: false, kept: 'AGE' })).toBe('SIGN_UP');
    expect(
      firstFunnelStep({ signedIn: true, returningFromPayment: false, kept: 'REDIRECT_TO_DOWNLOAD' }),
    ).toBe('REDIRECT_TO_DOWNLOAD');
    expect(
      firstFunnelStep({ signedIn: true, returningFromPayment: true, kept: 'REDIRECT_TO_DOWNLOAD' }),
    ).toBe('PURCHASE');
  });

  it('goes through every step in the order SPEC gives, and stops at the last', () => {
    let step: FunnelStep = 'LANDING';
    const visited: FunnelStep[] = [step];
    while (step !== 'REDIRECT_TO_DOWNLOAD') {
      step = nextFunnelStep(step);
      visited.push(step);
    }
    expect(visited).toEqual([...FUNNEL_STEPS]);
    expect(nextFunnelStep('REDIRECT_TO_DOWNLOAD')).toBe('REDIRECT_TO_DOWNLOAD');
  });

  it('goes back through the questions but not before the landing or past sign-up', () => {
    expect(previousFunnelStep('LANDING')).toBeNull();
    expect(previousFunnelStep('INTENTION')).toBe('LANDING');
    expect(previousFunnelStep('SIGN_UP')).toBe('SECOND_REVIEW');
    expect(previousFunnelStep('PURCHASE')).toBeNull();
    expect(previousFunnelStep('REDIRECT_TO_DOWNLOAD')).toBeNull();
  });

  it('hides progress on the landing and the purchase, and grows on every other step', () => {
    expect(funnelProgress('LANDING')).toBeNull();
    expect(funnelProgress('PURCHASE')).toBeNull();
    const shown = FUNNEL_STEPS.map(funnelProgress).filter((value) => value !== null);
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
    expect(new Set(shown).size).toBe(shown.length);
    expect(funnelProgress('REDIRECT_TO_DOWNLOAD')).toBe(1);
  });

  it('recognises its steps', () => {
    expect(isFunnelStep('AGE')).toBe(true);
    expect(isFunnelStep('age')).toBe(false);
    expect(isFunnelStep(3)).toBe(false);
  });
});
