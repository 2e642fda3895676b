import type { Subscriber, SubscriberSubscription } from '../api/schemas/subscriber';
import {
  BIENNIAL_PRODUCT_IDS,
  LIFETIME_PRODUCT_IDS,
  MONTHLY_PRODUCT_IDS,
  productIds,
  YEARLY_PRODUCT_IDS,
} from '../constants/products';
import { subscriptionBadge } from './subscription-badge';
import { DAY_MS } from './time';

export type { Subscriber, SubscriberSubscription };

type MaybeSubscriber = Subscriber | null | undefined;

export const premiumProductId = (subscriber: MaybeSubscriber): string | undefined =>
  subscriber?.entitlements.premium?.product_identifier;

/** The subscription behind the premium entitlement, if any. */
export function premiumSubscription(subscriber: MaybeSubscriber): SubscriberSubscription | undefined {
  const productId = premiumProductId(subscriber);
  return productId === undefined ? undefined : subscriber?.subscriptions[productId];
}

export const hasPremiumEntitlement = (subscriber: MaybeSubscriber): boolean =>
  premiumProductId(subscriber) !== undefined;

/** A trial: the period type says so, or the product is the weekly promo (which is trial-like). */
export function isTrial(subscriber: MaybeSubscriber): boolean {
  if (premiumProductId(subscriber) === productIds.promoWeekly) return true;
  return premiumSubscription(subscriber)?.period_type === 'trial';
}

/** A trial started through checkout has a card on file; the weekly promo does not. */
export const hasCardOnFile = (subscriber: MaybeSubscriber): boolean =>
  isTrial(subscriber) && premiumProductId(subscriber) !== productIds.promoWeekly;

/** The entitlement's own expiry decides, as in the entitlement service; the product's record is a fallback. */
export const expiresAtMs = (subscriber: MaybeSubscriber): number | undefined => {
  const premium = subscriber?.entitlements.premium;
  const expires = premium ? premium.expires_date : premiumSubscription(subscriber)?.expires_date;
  return expires == null ? undefined : Date.parse(expires);
};

/**
 * Expired once expires_date is reached: at the exact instant the entitlement has ended, as the
 * entitlement service counts access only while expires_date is in the future. No date means
 * the purchase never lapses.
 */
export function isExpired(subscriber: MaybeSubscriber, now: Date): boolean {
  const expires = expiresAtMs(subscriber);
  return expires !== undefined && expires <= now.getTime();
}

/** Premium that is in force right now (trial included): the user may skip onboarding. */
export const isPremiumActive = (subscriber: MaybeSubscriber, now: Date): boolean =>
  hasPremiumEntitlement(subscriber) && !isExpired(subscriber, now);

/**
 * How long premium stays on after a renewal's charge fails, while the payment provider tries it
 * again: Stripe's recommended Smart Retries setting ("8 tries within 2 weeks"), and the local test
 * provider's retry schedule. The retries must end within it (on Stripe: Billing > Revenue recovery
 * > Retries, then cancel the subscription or mark it unpaid), so premium never ends while the
 * provider still tries to collect.
 */
export const PAYMENT_RETRY_WINDOW_DAYS = 14;

/**
 * The one "payment failed" state: a renewal's charge failed, the provider is still retrying it
 * (a web plan past due), and premium is still in force for the retry window. Distinct from
 * expired: once the provider gives up (canceled or unpaid), or the window is over, the plan reads
 * as expired, as any other that ended. Updating the card is what recovers it.
 */
export function isPaymentFailed(subscriber: MaybeSubscriber, now: Date): boolean {
  if (!isPremiumActive(subscriber, now)) return false;
  return premiumSubscription(subscriber)?.billing_issues_detected_at != null;
}

/** Whole days until the premium subscription ends, rounded up and floored at 0; 0 without an end. */
export function daysLeft(subscriber: MaybeSubscriber, now: Date): number {
  const expires = expiresAtMs(subscriber);
  if (expires === undefined) return 0;
  return Math.max(0, Math.ceil((expires - now.getTime()) / DAY_MS));
}

/** Trial days left (SPEC §4): the same count, for a subscriber on trial. */
export const trialDaysLeft = (subscriber: MaybeSubscriber, now: Date): number =>
  isTrial(subscriber) ? daysLeft(subscriber, now) : 0;

/** 'premium monthly' / 'premium yearly' / 'premium lifetime', prefixed 'sandbox ' for test purchases. */
export function planName(subscriber: MaybeSubscriber): string | null {
  const productId = premiumProductId(subscriber);
  if (productId === undefined) return null;
  let name = 'premium';
  if (MONTHLY_PRODUCT_IDS.includes(productId)) name = 'premium monthly';
  else if (YEARLY_PRODUCT_IDS.includes(productId)) name = 'premium yearly';
  else if (LIFETIME_PRODUCT_IDS.includes(productId)) name = 'premium lifetime';
  else if (BIENNIAL_PRODUCT_IDS.includes(productId)) name = 'premium 2 years';
  return premiumSubscription(subscriber)?.is_sandbox ? `sandbox ${name}` : name;
}

/**
 * The header badge (SPEC §2): 'PRO', 'Trial N days left', 'Payment failed' or 'Subscription
 * expired'; null when the user has no subscription, since the badge only shows for subscribers.
 */
export function badgeText(subscriber: MaybeSubscriber, now: Date): string | null {
  if (!hasPremiumEntitlement(subscriber)) return null;
  return subscriptionBadge({
    isExpired: isExpired(subscriber, now),
    isPaymentFailed: isPaymentFailed(subscriber, now),
    isTrial: isTrial(subscriber),
    daysLeft: trialDaysLeft(subscriber, now),
  });
}
