import { hasCardOnFile, isPremiumActive, isTrial, type Subscriber } from './subscription';

type MaybeSubscriber = Subscriber | null | undefined;

/** The no-card free trial (SPEC §4) in force: a trial with no card on file. */
export const isNoCardTrialActive = (subscriber: MaybeSubscriber, now: Date): boolean =>
  isPremiumActive(subscriber, now) && isTrial(subscriber) && !hasCardOnFile(subscriber);

/**
 * Whether a person may buy a plan: nothing is in force, or only the no-card trial, which is what a
 * plan is bought from. Anyone else already pays or holds premium, and checkout answers them 409.
 * A plan whose payment failed (isPaymentFailed) is still in force during its retry window: it is
 * recovered by updating the card, never bought a second time.
 */
export const canBuyPlan = (subscriber: MaybeSubscriber, now: Date): boolean =>
  !isPremiumActive(subscriber, now) || isNoCardTrialActive(subscriber, now);
