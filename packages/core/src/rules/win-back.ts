import type { PriceKey } from '../constants/plans';
import { productIds } from '../constants/products';
import type { Subscriber, SubscriberSubscription } from './subscription';

/** SPEC §3's win-back prices: a year for less, offered to people whose premium has lapsed. */
export const WIN_BACK_PRICE_KEYS = [
  'annualWinback25Dollars',
  'annualWinback35Dollars',
] as const satisfies readonly PriceKey[];

export const isWinBackPrice = (key: PriceKey | null): boolean =>
  (WIN_BACK_PRICE_KEYS as readonly (PriceKey | null)[]).includes(key);

/**
 * Premium that was paid for (by the person, or by a gift's buyer): not a trial by SPEC §4's rule
 * (period type trial, or the weekly promo) and not a promotional grant.
 */
const isPaid = (productId: string, entry: SubscriberSubscription): boolean =>
  productId !== productIds.promoWeekly &&
  entry.period_type !== 'trial' &&
  entry.period_type !== 'promotional' &&
  entry.store !== 'promotional';

export const hasPaidForPremium = (subscriber: Subscriber | null | undefined): boolean =>
  Object.entries(subscriber?.subscriptions ?? {}).some(([productId, entry]) => isPaid(productId, entry));

/**
 * Lapsed, whom the win-back prices are for: premium was paid for once, and the premium entitlement
 * has expired (SPEC §4 Expired; it is expired only when nothing is in force). A trial that ended on
 * its own is not lapsed: every new account gets the no-card trial in onboarding, so counting it
 * would give anyone the win-back price a week after signing up. Takes the subscription state's
 * `isExpired` as the server worked it out, so the web app needs no clock of its own.
 */
export const isLapsedSubscriber = (
  state: { subscriber: Subscriber; isExpired: boolean } | null | undefined,
): boolean => state?.isExpired === true && hasPaidForPremium(state.subscriber);
