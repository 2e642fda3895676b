import {
  DAY_MS,
  isTrialReminderDue,
  premiumOutlastsTrial,
  productIds,
  TRIAL_REMINDER_LEAD_DAYS,
  trialReminderDueAt,
} from '@stillpoint/core';
import type { Database } from '../../db/client';
import type { TrialReminderSkipReason } from '../../db/schema';
import { entitlementsInForce, getEntitlement, trialsEndingWithin } from '../entitlements/service';
import { getSubscriptionTrial } from '../payments/service';
import type { DueTrial, TrialReminderRow } from './repo';

// Which trials are reminded, and whether one still ends as its reminder says. Trials are read
// through their owners' services: the no-card trial from entitlements, a paid plan's trial from
// payments (the provider's subscription as fulfilment mirrored it).

export const freeTrialKey = (userId: string) => `free-trial:${userId}`;
export const subscriptionTrialKey = (subscriptionId: string) => `subscription:${subscriptionId}`;

/**
 * The trials whose reminder is due at `now`: the no-card trial (the weekly promo, promotional) and
 * web plans' trials (`stripe`, for both payment providers), ending within two days. A store trial
 * (App Store, Google Play) is billed by the store, at a price in the buyer's currency the server
 * does not know, so it is left to the store.
 */
export async function findDueTrials(db: Database, now: Date): Promise<DueTrial[]> {
  const until = new Date(now.getTime() + TRIAL_REMINDER_LEAD_DAYS * DAY_MS);
  const trials = await trialsEndingWithin(db, ['promotional', 'stripe'], now, until);
  return trials.flatMap((trial): DueTrial[] => {
    const timing = { trialEndsAt: trial.expiresAt, dueAt: trialReminderDueAt(trial.expiresAt) };
    if (trial.store === 'promotional' && trial.productIdentifier === productIds.promoWeekly) {
      const key = freeTrialKey(trial.userId);
      return [{ trialKey: key, userId: trial.userId, kind: 'free_trial', subscriptionId: null, ...timing }];
    }
    if (trial.store === 'stripe' && trial.sourceRef) {
      return [
        {
          trialKey: subscriptionTrialKey(trial.sourceRef),
          userId: trial.userId,
          kind: 'paid_trial',
          subscriptionId: trial.sourceRef,
          ...timing,
        },
      ];
    }
    return [];
  });
}

/** What a paid plan's trial will charge when it ends, as far as the stored subscription says. */
export interface PlanAfterTrial {
  priceId: string;
  paymentMethod: string | null;
}

/** A trial as it stands now: remind it, wait for its new time, or leave it unreminded, and why. */
export type TrialNow =
  | { state: 'remind'; trialEndsAt: Date; plan: PlanAfterTrial | null }
  | { state: 'later'; trialEndsAt: Date }
  | { state: 'skip'; reason: TrialReminderSkipReason };

function timed(trialEndsAt: Date, now: Date, plan: PlanAfterTrial | null): TrialNow {
  if (trialEndsAt.getTime() <= now.getTime()) return { state: 'skip', reason: 'ended' };
  return isTrialReminderDue(trialEndsAt, now)
    ? { state: 'remind', trialEndsAt, plan }
    : { state: 'later', trialEndsAt };
}

/**
 * Checked again just before sending, since a claim may be minutes old and a person may have
 * bought, canceled or been moved by the test clock since the trial was found.
 */
export async function trialNow(db: Database, reminder: TrialReminderRow, now: Date): Promise<TrialNow> {
  return reminder.kind === 'free_trial'
    ? freeTrialNow(db, reminder.userId, now)
    : paidTrialNow(db, reminder.subscriptionId, now);
}

/**
 * The no-card trial is reminded while it is still the person's premium: a plan bought meanwhile
 * (with the trial's remaining days or paid today), a gift or a store purchase that lasts to its end
 * converted it.
 */
async function freeTrialNow(db: Database, userId: string, now: Date): Promise<TrialNow> {
  const trial = await getEntitlement(db, userId, productIds.promoWeekly);
  if (trial?.store !== 'promotional' || trial.periodType !== 'trial' || trial.expiresAt === null) {
    return { state: 'skip', reason: 'canceled' };
  }
  const others = (await entitlementsInForce(db, userId, now)).filter(
    (row) => row.productIdentifier !== productIds.promoWeekly,
  );
  if (premiumOutlastsTrial(trial.expiresAt, others)) return { state: 'skip', reason: 'converted' };
  return timed(trial.expiresAt, now, null);
}

/**
 * A paid plan's trial is reminded while the subscription is still in its trial and set to go on:
 * canceled in the portal (at the period's end or at once) it will charge nothing; active or past
 * due it has already turned into the plan.
 */
async function paidTrialNow(db: Database, subscriptionId: string | null, now: Date): Promise<TrialNow> {
  const subscription = subscriptionId ? await getSubscriptionTrial(db, subscriptionId) : null;
  if (!subscription) return { state: 'skip', reason: 'canceled' };
  if (subscription.status !== 'trialing') {
    const ended = ['canceled', 'incomplete', 'incomplete_expired'].includes(subscription.status);
    return { state: 'skip', reason: ended ? 'canceled' : 'converted' };
  }
  if (subscription.cancelAtPeriodEnd || subscription.awaitingPaymentMethod) {
    return { state: 'skip', reason: 'canceled' };
  }
  if (subscription.trialEnd === null) return { state: 'skip', reason: 'converted' };
  return timed(subscription.trialEnd, now, {
    priceId: subscription.priceId,
    paymentMethod: subscription.paymentMethod,
  });
}
