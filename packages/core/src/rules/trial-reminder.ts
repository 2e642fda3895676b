import { FREE_TRIAL_DAYS } from '../constants/plans';
import { DAY_MS } from './time';

/**
 * A trial's reminder comes this many days before the trial ends: on day 5 of the 7-day trial, the
 * day the timeline paywall names (SPEC §2: "today, day 5 reminder, day 7 trial ends").
 */
export const TRIAL_REMINDER_LEAD_DAYS = 2;

/** The day of a 7-day trial its reminder comes on: 5. */
export const TRIAL_REMINDER_DAY = FREE_TRIAL_DAYS - TRIAL_REMINDER_LEAD_DAYS;

/** When the reminder of a trial ending at `trialEndsAt` is due. */
export const trialReminderDueAt = (trialEndsAt: Date): Date =>
  new Date(trialEndsAt.getTime() - TRIAL_REMINDER_LEAD_DAYS * DAY_MS);

/**
 * Whether a trial ending at `trialEndsAt` is reminded at `now`: from its due time until the trial
 * ends. A trial shorter than the lead is reminded at once; once it has ended, a reminder would come
 * too late to be of use and is not sent.
 */
export function isTrialReminderDue(trialEndsAt: Date, now: Date): boolean {
  const t = now.getTime();
  return t >= trialReminderDueAt(trialEndsAt).getTime() && t < trialEndsAt.getTime();
}

/**
 * Whether other premium the person holds keeps them premium when their no-card trial ends: a plan
 * they bought (its own trial ending at the same moment included), a gift, a store purchase, or
 * lifetime premium (no end). Then the no-card trial was converted, and "your premium ends" would
 * be untrue, so it is not reminded.
 */
export function premiumOutlastsTrial(
  trialEndsAt: Date,
  otherPremium: readonly { expiresAt: Date | null }[],
): boolean {
  return otherPremium.some(
    (row) => row.expiresAt === null || row.expiresAt.getTime() >= trialEndsAt.getTime(),
  );
}
