import { describe, expect, it } from 'vitest';
import { FREE_TRIAL_DAYS } from '../constants/plans';
import { DAY_MS } from './time';
import {
  checkoutTrial,
  creditTrialEnd,
  isTrialCredit,
  TRIAL_CREDIT_MARGIN_MS,
  TRIAL_CREDIT_MIN_HOURS,
} from './trial-credit';

const HOUR_MS = 3_600_000;
const now = new Date('2025-11-29T10:00:00.250Z');
const never = { hadNoCardTrial: false, noCardTrialEndsAt: null, hadWebTrial: false };
const onNoCardTrial = (msLeft: number) => ({
  hadNoCardTrial: true,
  noCardTrialEndsAt: new Date(now.getTime() + msLeft),
  hadWebTrial: false,
});

describe('the trial a subscription checkout offers', () => {
  it('gives a first trial its 7 free days', () => {
    expect(checkoutTrial(never, { now, wantsTrial: true })).toEqual({
      kind: 'freeDays',
      days: FREE_TRIAL_DAYS,
    });
  });

  it('carries over what is left of the no-card trial, ending where it ends, to the second', () => {
    const trial = onNoCardTrial(5 * DAY_MS + 123);
    expect(checkoutTrial(trial, { now, wantsTrial: true })).toEqual({
      kind: 'credit',
      endsAt: new Date('2025-12-04T10:00:01.000Z'),
    });
  });

  it('carries over 48 hours and the margin, and charges today with a moment less', () => {
    const enough = TRIAL_CREDIT_MIN_HOURS * HOUR_MS + TRIAL_CREDIT_MARGIN_MS;
    expect(TRIAL_CREDIT_MARGIN_MS).toBeLessThanOrEqual(15 * 60_000);
    expect(checkoutTrial(onNoCardTrial(enough), { now, wantsTrial: true }).kind).toBe('credit');
    const under = onNoCardTrial(enough - 1);
    expect(checkoutTrial(under, { now, wantsTrial: true })).toEqual({ kind: 'none' });
  });

  it('charges today once the no-card trial has ended, or when its end is not on record', () => {
    expect(checkoutTrial(onNoCardTrial(-DAY_MS), { now, wantsTrial: true })).toEqual({ kind: 'none' });
    const unknownEnd = { hadNoCardTrial: true, noCardTrialEndsAt: null, hadWebTrial: false };
    expect(checkoutTrial(unknownEnd, { now, wantsTrial: true })).toEqual({ kind: 'none' });
  });

  it('never gives a trial to someone who had a web trial, nor to a client asking for none', () => {
    expect(checkoutTrial({ ...never, hadWebTrial: true }, { now, wantsTrial: true })).toEqual({
      kind: 'none',
    });
    expect(
      checkoutTrial({ ...onNoCardTrial(5 * DAY_MS), hadWebTrial: true }, { now, wantsTrial: true }),
    ).toEqual({
      kind: 'none',
    });
    expect(checkoutTrial(never, { now, wantsTrial: false })).toEqual({ kind: 'none' });
    expect(checkoutTrial(onNoCardTrial(5 * DAY_MS), { now, wantsTrial: false })).toEqual({ kind: 'none' });
  });
});

describe('a credited trial', () => {
  const noCardEnd = new Date('2025-12-06T10:00:00.250Z');

  it('ends on the whole second at or after the no-card trial', () => {
    expect(creditTrialEnd(noCardEnd)).toEqual(new Date('2025-12-06T10:00:01.000Z'));
    const whole = new Date('2025-12-06T10:00:00.000Z');
    expect(creditTrialEnd(whole)).toEqual(whole);
  });

  it('is told apart from a checkout trial of its own, which ends on another second', () => {
    expect(isTrialCredit(new Date('2025-12-06T10:00:01.000Z'), noCardEnd)).toBe(true);
    // A checkout completed a second after the no-card trial started, with its own 7 days.
    expect(isTrialCredit(new Date('2025-12-06T10:00:02.000Z'), noCardEnd)).toBe(false);
    // One completed just before it started.
    expect(isTrialCredit(new Date('2025-12-06T10:00:00.000Z'), noCardEnd)).toBe(false);
    expect(isTrialCredit(new Date(noCardEnd.getTime() + 7 * DAY_MS), noCardEnd)).toBe(false);
  });
});
