import type { PriceKey } from '../constants/plans';
import { productIds } from '../constants/products';
import type { PriceIds } from '../environments';

/**
 * The product a web purchase of each price entry grants, so the subscriber object names web plans
 * like store ones. Sandbox purchases (Stripe test mode, the local provider) get the `_test`
 * products, which SPEC §4 names like the live ones but with the 'sandbox ' prefix.
 */
const productByPrice: Record<Exclude<PriceKey, 'gift'>, 'monthly' | 'yearly' | 'biennial'> = {
  monthly: 'monthly',
  annual: 'yearly',
  annual50Dollars: 'yearly',
  annualWinback25Dollars: 'yearly',
  annualWinback35Dollars: 'yearly',
  biennial90Dollars: 'biennial',
};

export type SubscriptionPriceKey = keyof typeof productByPrice;

export const subscriptionPriceKeys = Object.keys(productByPrice) as SubscriptionPriceKey[];

/** Which price entry a price id is in this environment, or null for a foreign id. */
export function priceKeyOf(prices: PriceIds, priceId: string): PriceKey | null {
  const entry = Object.entries(prices).find(([, id]) => id === priceId);
  return entry ? (entry[0] as PriceKey) : null;
}

/** A subscription price entry (every entry but the gift's one-time price). */
export const isSubscriptionPrice = (key: PriceKey | null): key is SubscriptionPriceKey =>
  key !== null && key !== 'gift';

export function productForPrice(key: SubscriptionPriceKey, sandbox: boolean): string {
  const plan = productByPrice[key];
  if (plan === 'monthly') return sandbox ? productIds.paymentMonthlyTest : productIds.paymentMonthly;
  if (plan === 'yearly') return sandbox ? productIds.paymentYearlyTest : productIds.paymentYearly;
  return sandbox ? productIds.paymentBiennialTest : productIds.paymentBiennial;
}
