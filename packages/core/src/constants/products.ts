/** SPEC §3 product identifiers of the entitlement service, and the `premium` entitlement. */

export const PREMIUM_ENTITLEMENT = 'premium';

export const productIds = {
  iosMonthly: 'monthly_subscription',
  iosAnnual: 'annual_subscription',
  paymentMonthly: 'stillpoint_monthly',
  paymentYearly: 'stillpoint_yearly',
  paymentMonthlyTest: 'stillpoint_monthly_test',
  paymentYearlyTest: 'stillpoint_yearly_test',
  promoWeekly: 'rc_promo_premium_weekly',
  promoLifetime: 'rc_promo_premium_lifetime',
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
];
export const LIFETIME_PRODUCT_IDS: readonly string[] = [productIds.promoLifetime];
