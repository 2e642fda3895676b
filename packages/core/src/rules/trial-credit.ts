import { FREE_TRIAL_DAYS } from '../constants/plans';

const HOUR_MS = 3_600_000;

/**
 * Stripe refuses a checkout whose trial ends less than 48 hours after the checkout is made
 * (`subscription_data.trial_end`), so the remaining days of a no-card trial are carried over only
 * from this far ahead; closer to its end the plan is charged today, and checkout says so.
 */
export const TRIAL_CREDIT_MIN_HOURS = 48;

/**
 * The checkout reaches the provider a moment after the credit is decided (the purchase lock, the
 * round trip): the credit needs this much more than 48 hours, so the provider never sees less.
 */
export const TRIAL_CREDIT_MARGIN_MS = 10 * 60_000;

/**
 * How a subscription checkout starts:
 * - `freeDays`: the person's first trial, the 7 free days from when they check out;
 * - `credit`: someone on the no-card trial keeps its remaining days: the plan's trial ends when the
 *   no-card trial would have ended;
 * - `none`: the first period is charged today.
 */
export type CheckoutTrial =
  | { kind: 'freeDays'; days: number }
  | { kind: 'credit'; endsAt: Date }
  | { kind: 'none' };

/** What the server knows of a person's trials when a checkout is made. */
export interface TrialHistory {
  /** They started the no-card trial at some point (it is once per person, ever). */
  hadNoCardTrial: boolean;
  /** When that no-card trial ends, or ended; null when it is not on record. */
  noCardTrialEndsAt: Date | null;
  /** A web subscription of theirs started with a trial before. */
  hadWebTrial: boolean;
}

const NO_TRIAL: CheckoutTrial = { kind: 'none' };

/**
 * The trial a checkout made at `now` offers. The server decides it; a client can only ask for none
 * (`wantsTrial` false: skipTrial, or an embedded form that asks for no free days). One trial per
 * person: a first trial gets the 7 free days; someone on the no-card trial keeps what is left of it
 * when at least TRIAL_CREDIT_MIN_HOURS (and the margin) remain; anyone else pays today.
 */
export function checkoutTrial(
  history: TrialHistory,
  { now, wantsTrial }: { now: Date; wantsTrial: boolean },
): CheckoutTrial {
  if (!wantsTrial || history.hadWebTrial) return NO_TRIAL;
  if (!history.hadNoCardTrial) return { kind: 'freeDays', days: FREE_TRIAL_DAYS };
  const endsAt = history.noCardTrialEndsAt;
  const needed = TRIAL_CREDIT_MIN_HOURS * HOUR_MS + TRIAL_CREDIT_MARGIN_MS;
  if (endsAt === null || endsAt.getTime() - now.getTime() < needed) return NO_TRIAL;
  return { kind: 'credit', endsAt: creditTrialEnd(endsAt) };
}

/**
 * When a credited trial ends: the no-card trial's end, on the whole second the provider counts in,
 * rounded up, so the plan never ends a moment before the no-card trial and is the premium that
 * lasts longest.
 */
export const creditTrialEnd = (noCardTrialEndsAt: Date): Date =>
  new Date(Math.ceil(noCardTrialEndsAt.getTime() / 1000) * 1000);

/**
 * Whether a plan's trial ending at `trialEnd` is the credit of the no-card trial ending at
 * `noCardTrialEndsAt`: it ends exactly where the no-card trial ends (to the second), so it adds no
 * free day and is no second trial. The end alone does not prove it: a checkout's own 7 days begun
 * within the same second as the no-card trial end on that second too, so fulfilment also requires
 * the provider's mark that the trial was given with a set end (`trialCarriedOver`).
 */
export const isTrialCredit = (trialEnd: Date, noCardTrialEndsAt: Date): boolean =>
  Math.floor(trialEnd.getTime() / 1000) * 1000 === creditTrialEnd(noCardTrialEndsAt).getTime();
