import { annualSavingsPercent, formatPrice, monthlyFromAnnual, type Price } from '@stillpoint/core';

export type Billing = 'annual' | 'monthly';

/** One choice of the upgrade card's annual/monthly toggle, worded from the provider's prices. */
export interface PlanOption {
  billing: Billing;
  label: string;
  priceId: string;
  /** '$4.17/mo, billed yearly at $49.99' or '$6.99/mo' (SPEC §9: monthly shown as annual/12). */
  price: string;
  /** 'Save 40%' against paying monthly, when it saves anything. */
  saving: string | null;
  /**
   * How it is billed, true whether or not checkout adds free days first: the server decides that
   * (once per person, ever) and the checkout page shows what is due today.
   */
  terms: string;
}

interface PriceIds {
  annual: string;
  monthly: string;
}

/** The annual and monthly choices, annual first, from their price ids and what each charges. */
export function planOptions(ids: PriceIds, annual: Price, monthly: Price): PlanOption[] {
  const yearly = formatPrice(annual.unit_amount, annual.currency);
  const perMonth = formatPrice(monthly.unit_amount, monthly.currency);
  const saving =
    annual.currency === monthly.currency ? annualSavingsPercent(annual.unit_amount, monthly.unit_amount) : 0;
  return [
    {
      billing: 'annual',
      label: 'Annual',
      priceId: ids.annual,
      price: `${monthlyFromAnnual(annual.unit_amount, annual.currency)}/mo, billed yearly at ${yearly}`,
      saving: saving > 0 ? `Save ${saving}%` : null,
      terms: `Billed yearly at ${yearly}. Cancel anytime.`,
    },
    {
      billing: 'monthly',
      label: 'Monthly',
      priceId: ids.monthly,
      price: `${perMonth}/mo`,
      saving: null,
      terms: `Billed monthly at ${perMonth}. Cancel anytime.`,
    },
  ];
}
