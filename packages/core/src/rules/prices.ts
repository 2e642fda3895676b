import { DEFAULT_CURRENCY, FREE_TRIAL_DAYS } from '../constants/plans';
import { numberFormat } from './intl-formats';

/**
 * '$49.99' from 4999. Amounts are hundredths of the currency unit (the provider's `unit_amount`)
 * and always shown with 2 decimals; the symbol comes from the currency code, as en-US writes it.
 */
export function formatPrice(cents: number, currency: string = DEFAULT_CURRENCY): string {
  const code = currency.toUpperCase();
  const symbol = CURRENCY_SYMBOLS[code];
  if (symbol === undefined)
    return numberFormat('en-US', {
      style: 'currency',
      currency: code,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(Math.round(cents) / 100);
  const whole = Math.abs(Math.round(cents));
  const units = formatWholeNumber(Math.floor(whole / 100));
  return `${Math.round(cents) < 0 ? '-' : ''}${symbol}${units}.${String(whole % 100).padStart(2, '0')}`;
}

/** '1,440' from 1440, as `toLocaleString('en')` writes a whole number, without Intl (see below). */
export function formatWholeNumber(value: number): string {
  const digits = String(Math.abs(Math.trunc(value))).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return Math.trunc(value) < 0 ? `-${digits}` : digits;
}

/**
 * The currencies Stillpoint sells in, written as Intl's en-US currency format writes them (a test
 * holds the two together). They are written without Intl because the first Intl format a page
 * makes costs it tens of milliseconds of blocked main thread on a phone; any other code goes
 * through Intl.
 */
const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = { USD: '$', EUR: '€', GBP: '£' };

/** The monthly equivalent of an annual price, in (fractional) cents. */
export const monthlyCentsFromAnnual = (annualCents: number): number => annualCents / 12;

/** '$4.17' from 4999: the '/mo billed yearly' figure on checkout. */
export const monthlyFromAnnual = (annualCents: number, currency: string = DEFAULT_CURRENCY): string =>
  formatPrice(monthlyCentsFromAnnual(annualCents), currency);

/** The per-day figure on plan cards: '$0.14' for 4999 over 365 days. */
export const perDay = (cents: number, periodDays: number, currency: string = DEFAULT_CURRENCY): string =>
  formatPrice(cents / periodDays, currency);

/**
 * Whole percent saved by paying yearly instead of 12 monthly payments, rounded down so the claim
 * never overstates: 40 for $49.99 a year against $6.99 a month. 0 when yearly is not cheaper.
 */
export function annualSavingsPercent(annualCents: number, monthlyCents: number): number {
  const twelveMonths = monthlyCents * 12;
  if (twelveMonths <= 0 || annualCents >= twelveMonths) return 0;
  return Math.floor((1 - annualCents / twelveMonths) * 100);
}

/** Which of an environment's subscription prices a price id is; null for any other id (gift prices included). */
export type SubscriptionPriceKind = 'monthly' | 'annual' | 'biennial';

export function subscriptionPriceKind(
  priceId: string,
  prices: {
    monthly: string;
    annual: string;
    annual50Dollars: string;
    annualWinback25Dollars: string;
    annualWinback35Dollars: string;
    biennial90Dollars: string;
  },
): SubscriptionPriceKind | null {
  if (priceId === prices.monthly) return 'monthly';
  if (priceId === prices.biennial90Dollars) return 'biennial';
  const annual = [
    prices.annual,
    prices.annual50Dollars,
    prices.annualWinback25Dollars,
    prices.annualWinback35Dollars,
  ];
  return annual.includes(priceId) ? 'annual' : null;
}

/**
 * The line under /webcheckout's heading (SPEC §2): '$4.17/mo billed yearly at $49.99/yr' for a
 * yearly price, and the same shape for the other periods.
 */
export function billingSubtext(
  kind: SubscriptionPriceKind,
  cents: number,
  currency: string = DEFAULT_CURRENCY,
): string {
  const price = formatPrice(cents, currency);
  if (kind === 'monthly') return `${price}/mo billed monthly`;
  if (kind === 'biennial') return `${formatPrice(cents / 24, currency)}/mo billed every 2 years at ${price}`;
  return `${monthlyFromAnnual(cents, currency)}/mo billed yearly at ${price}/yr`;
}

/** The timeline paywall's line under the form (SPEC §2): '7-day free trial, then $49.99/yr'. */
export const trialThenYearlySubtext = (annualCents: number, currency: string = DEFAULT_CURRENCY): string =>
  `${FREE_TRIAL_DAYS}-day free trial, then ${formatPrice(annualCents, currency)}/yr`;

/**
 * The personal-plan paywall's line in the payment modal (SPEC §2): '$49.99, billed yearly. 7-day
 * trial' for the annual plan, '$90.00, billed every 2 years. 7-day trial' for the 2-year plan.
 */
export function planTrialSubtext(
  kind: 'annual' | 'biennial',
  cents: number,
  currency: string = DEFAULT_CURRENCY,
): string {
  const period = kind === 'annual' ? 'billed yearly' : 'billed every 2 years';
  return `${formatPrice(cents, currency)}, ${period}. ${FREE_TRIAL_DAYS}-day trial`;
}
