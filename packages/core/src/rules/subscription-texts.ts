import { brand } from '../brand';
import { dateTimeFormat } from './intl-formats';
import {
  hasCardOnFile,
  isExpired,
  isPaymentFailed,
  isTrial,
  premiumSubscription,
  type Subscriber,
  type SubscriberSubscription,
} from './subscription';

/**
 * What the payment provider says about a web purchase. The subscriber object alone cannot tell
 * whether a plan renews or how it is paid, so the subscription page's sentences need these too.
 */
export interface WebPaymentFacts {
  /** The provider's subscription status (trialing, active, past_due, canceled, ...). */
  status: string;
  /** Canceled in the billing portal: access lasts to the period's end, then stops. */
  cancelAtPeriodEnd: boolean;
  /** How it is paid, as a person reads it ('Visa ending in 4242'); null without a card. */
  paymentMethod: string | null;
}

export interface SubscriptionTexts {
  /** The one sentence the subscription page leads with: when it ends, renews or ended. */
  info: string;
  /** How it is paid and what happens next; null when there is nothing more to say. */
  detailedInfo: string | null;
}

/**
 * 'December 1, 2026'. In UTC, because the server words these texts and cannot know the reader's
 * zone; a date near midnight may read one day off locally, never more.
 */
export const formatLongDate = (date: Date | string): string =>
  dateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    typeof date === 'string' ? new Date(date) : date,
  );

type Store = SubscriberSubscription['store'];

const storeBilling: Partial<Record<Store, string>> = {
  app_store: 'Billed through the App Store.',
  play_store: 'Billed through Google Play.',
};

/** The provider's statuses after a charge failed: still retrying (past_due), or given up (unpaid). */
const PAYMENT_FAILED_STATUSES = ['past_due', 'unpaid'];

/**
 * The subscription page's info and detailed info (SPEC §2, §3) for the premium entitlement;
 * null when there is none. Plain sentences: when a trial ends, when a plan renews or ends, that it
 * was canceled, that it expired, and how it is paid.
 */
export function subscriptionTexts(
  subscriber: Subscriber | null | undefined,
  payment: WebPaymentFacts | null,
  now: Date,
): SubscriptionTexts | null {
  const premium = subscriber?.entitlements.premium;
  if (!premium) return null;
  const store: Store = premiumSubscription(subscriber)?.store ?? 'promotional';
  const webPayment = store === 'stripe' ? payment : null;
  return {
    info: infoSentence(subscriber, premium.expires_date, store, webPayment, now),
    detailedInfo: detailSentences(subscriber, premium.expires_date, store, webPayment, now),
  };
}

function infoSentence(
  subscriber: Subscriber,
  expires: string | null,
  store: Store,
  payment: WebPaymentFacts | null,
  now: Date,
): string {
  if (expires === null) return 'You have premium for life.';
  const date = formatLongDate(expires);
  const trial = isTrial(subscriber);
  if (isExpired(subscriber, now)) {
    return trial ? `Your free trial ended on ${date}.` : `Your subscription expired on ${date}.`;
  }
  if (store === 'gift') return `Your gifted premium ends on ${date}.`;
  if (isPaymentFailed(subscriber, now)) {
    return `Your last payment did not go through. Premium stays on while it is tried again, until ${date}.`;
  }
  if (trial) {
    if (payment?.cancelAtPeriodEnd) return `Your free trial was canceled and ends on ${date}.`;
    if (payment) return `Your free trial ends on ${date}, and then your plan starts.`;
    return `Your free trial ends on ${date}.`;
  }
  if (payment?.cancelAtPeriodEnd) return `Your plan was canceled and ends on ${date}.`;
  if (payment) return `Your plan renews on ${date}.`;
  return `Your plan is active until ${date}.`;
}

function detailSentences(
  subscriber: Subscriber,
  expires: string | null,
  store: Store,
  payment: WebPaymentFacts | null,
  now: Date,
): string | null {
  const billed = storeBilling[store];
  if (billed) return billed;
  if (store === 'gift') return 'A gift, so there is nothing to pay.';
  if (store === 'promotional') {
    if (isTrial(subscriber) && !hasCardOnFile(subscriber)) return 'A free trial, no card needed.';
    return expires === null
      ? `Lifetime premium, granted by ${brand.name}.`
      : `Granted by ${brand.name}, so there is nothing to pay.`;
  }
  if (!payment) return null;
  const expired = isExpired(subscriber, now);
  const card = payment.paymentMethod;
  if (isPaymentFailed(subscriber, now)) {
    return card
      ? `The charge to ${card} failed. Update your card to keep premium.`
      : 'There is no card on file. Add one to keep premium.';
  }
  // The provider gave up on the charge (or its retries outlasted the window): the plan has ended,
  // and a new plan is bought rather than a card updated.
  if (expired && PAYMENT_FAILED_STATUSES.includes(payment.status)) {
    return 'The last payment did not go through, so the plan ended.';
  }
  if (isTrial(subscriber)) {
    if (expired) return 'You were not charged.';
    if (payment.cancelAtPeriodEnd) return 'You will not be charged.';
    return card
      ? `${card} will be charged when your trial ends.`
      : 'No card on file yet: add one to keep premium after your trial.';
  }
  const sentences: string[] = [];
  if (card) sentences.push(`Paid with ${card}.`);
  if (!expired && payment.cancelAtPeriodEnd)
    sentences.push('It will not renew, and you will not be charged again.');
  return sentences.length > 0 ? sentences.join(' ') : null;
}
