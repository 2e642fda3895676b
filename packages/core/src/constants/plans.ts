import type { PriceIds } from '../environments';

/** SPEC §9 plans. Amounts are in cents, the unit the payment provider reports (`unit_amount`). */

export const FREE_TRIAL_DAYS = 7;

/** Billing period lengths used for the per-day price shown on plan cards. */
export const PLAN_PERIOD_DAYS = { monthly: 30, annual: 365, biennial: 730 } as const;

export const planPrices = {
  monthly: { cents: 699, periodDays: PLAN_PERIOD_DAYS.monthly, perDayDisplay: '$0.23' },
  annual: { cents: 4999, periodDays: PLAN_PERIOD_DAYS.annual, perDayDisplay: '$0.14' },
  /** The 2-year plan; its price id is the 90-dollar price. */
  biennial: { cents: 9000, periodDays: PLAN_PERIOD_DAYS.biennial, perDayDisplay: '$0.12' },
} as const;
export type PlanKey = keyof typeof planPrices;
/** The price entries of SPEC §3, as named in environments.ts. */
export type PriceKey = keyof PriceIds;

/** A gift is one year of premium at the annual price. */
export const GIFT_DURATION_YEARS = 1;
export const GIFT_PRICE_CENTS = 4999;

/**
 * What each price entry of SPEC §3 charges. Their ids differ per environment (environments.ts);
 * the amounts do not. The SPEC names the extra prices only by dollar amount: like the gift's
 * "50-dollar" price ($49.99), they are read as one cent under the round number, except the
 * 2-year price, which is a round $90.
 */
export const priceAmountsCents: Record<PriceKey, number> = {
  monthly: planPrices.monthly.cents,
  annual: planPrices.annual.cents,
  annual50Dollars: 4999,
  annualWinback25Dollars: 2499,
  annualWinback35Dollars: 3499,
  gift: GIFT_PRICE_CENTS,
  biennial90Dollars: planPrices.biennial.cents,
};
export const priceKeys = [
  'monthly',
  'annual',
  'annual50Dollars',
  'annualWinback25Dollars',
  'annualWinback35Dollars',
  'gift',
  'biennial90Dollars',
] as const satisfies readonly PriceKey[];

/** The currency every price is shown in unless the provider says otherwise. */
export const DEFAULT_CURRENCY = 'usd';
