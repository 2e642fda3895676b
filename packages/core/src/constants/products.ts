/** SPEC §3 product identifiers of the entitlement service, and the `premium` entitlement. */

export const PREMIUM_ENTITLEMENT = 'premium';

export const productIds = {
  iosMonthly: 'monthly_subscription',
  iosAnnual: 'annual_subscription',
  paymentMonthly: 'stillpoint_monthly',
  paymentYearly: 'stillpoint_yearly',
  paymentMonthlyTest: 'stillpoint_monthly_test',
  paymentYearlyTest: 'stillpoint_yearly_test',
  /** The 2-year plan (SPEC §9 biennial90Dollars); SPEC names no product for it. */
  paymentBiennial: 'stillpoint_biennial',
  paymentBiennialTest: 'stillpoint_biennial_test',
  promoWeekly: 'rc_promo_premium_weekly',
  promoLifetime: 'rc_promo_premium_lifetime',
  /** A redeemed gift code: one year, never renewing (SPEC §9 gift). */
  giftYearly: 'stillpoint_gift_yearly',
} as const;
export type ProductId = (typeof productIds)[keyof typeof productIds];

/** Which products carry which friendly plan name (SPEC §4). The weekly promo counts as monthly. */
export const MONTHLY_PRODUCT_IDS: readonly string[] = [
  productIds.iosMonthly,
  productIds.paymentMonthly,
  productIds.paymentMonthlyTest,
  productIds.promoWeekly,
];
export const YEARLY_PRODUCT_IDS: readonly string[] = [
  productIds.iosAnnual,
  productIds.paymentYearly,
  productIds.paymentYearlyTest,
  productIds.giftYearly,
];
export const LIFETIME_PRODUCT_IDS: readonly string[] = [productIds.promoLifetime];
/** Not in SPEC §4's list: the 2-year web plan reads 'premium 2 years'. */
export const BIENNIAL_PRODUCT_IDS: readonly string[] = [
  productIds.paymentBiennial,
  productIds.paymentBiennialTest,
];

/** Store purchases the RevenueCat webhook grants premium for (SPEC §3). */
export const STORE_PRODUCT_IDS: readonly string[] = [
  productIds.iosMonthly,
  productIds.iosAnnual,
  productIds.promoWeekly,
  productIds.promoLifetime,
];
