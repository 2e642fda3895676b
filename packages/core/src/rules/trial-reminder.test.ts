import { describe, expect, it } from 'vitest';
import { FREE_TRIAL_DAYS } from '../constants/plans';
import { DAY_MS, MINUTE_MS } from './time';
import {
  isTrialReminderDue,
  premiumOutlastsTrial,
  TRIAL_REMINDER_DAY,
  trialReminderDueAt,
} from './trial-reminder';

const started = new Date('2026-11-29T12:00:00.000Z');
const ends = new Date(started.getTime() + FREE_TRIAL_DAYS * DAY_MS);

describe('the trial reminder', () => {
  it('is due two days before the trial ends: day 5 of the 7-day trial', () => {
    expect(TRIAL_REMINDER_DAY).toBe(5);
    expect(trialReminderDueAt(ends)).toEqual(new Date('2026-12-04T12:00:00.000Z'));
    expect(trialReminderDueAt(ends).getTime() - started.getTime()).toBe(TRIAL_REMINDER_DAY * DAY_MS);
  });

  it('is due from its time until the trial ends, and not before or after', () => {
    const due = trialReminderDueAt(ends).getTime();
    expect(isTrialReminderDue(ends, started)).toBe(false);
    expect(isTrialReminderDue(ends, new Date(due - MINUTE_MS))).toBe(false);
    expect(isTrialReminderDue(ends, new Date(due))).toBe(true);
    expect(isTrialReminderDue(ends, new Date(ends.getTime() - 1))).toBe(true);
    expect(isTrialReminderDue(ends, ends)).toBe(false);
    expect(isTrialReminderDue(ends, new Date(ends.getTime() + DAY_MS))).toBe(false);
  });

  it('is due at once for a trial that ends sooner than two days from its start', () => {
    const short = new Date(started.getTime() + DAY_MS);
    expect(isTrialReminderDue(short, started)).toBe(true);
  });

  it('counts the no-card trial converted when other premium lasts to its end or beyond', () => {
    expect(premiumOutlastsTrial(ends, [])).toBe(false);
    expect(premiumOutlastsTrial(ends, [{ expiresAt: new Date(ends.getTime() - 1) }])).toBe(false);
    // A plan bought with the trial's remaining days: its own trial ends at the same moment.
    expect(premiumOutlastsTrial(ends, [{ expiresAt: ends }])).toBe(true);
    expect(premiumOutlastsTrial(ends, [{ expiresAt: new Date(ends.getTime() + 365 * DAY_MS) }])).toBe(true);
    expect(premiumOutlastsTrial(ends, [{ expiresAt: null }])).toBe(true);
  });
});
