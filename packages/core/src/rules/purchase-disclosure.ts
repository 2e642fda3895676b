import { chargeDate } from './first-charge';
import { formatPrice } from './prices';
import type { CheckoutTrial } from './trial-credit';

/** How often a plan renews. */
export type PlanPeriod = 'monthly' | 'annual' | 'biennial';

const PERIOD = {
  monthly: { price: 'a month', renews: 'every month' },
  annual: { price: 'a year', renews: 'every year' },
  biennial: { price: 'every 2 years', renews: 'every 2 years' },
} as const;

/** What a button starts, with what the person will really be charged and when. Amounts in cents. */
export type DisclosedPurchase =
  | {
      kind: 'subscription';
      period: PlanPeriod;
      price: { amount: number; currency: string };
      /** The trial the checkout gives (core's checkoutTrial, or getCheckoutTerms' answer). */
      trial: CheckoutTrial;
      /** When the first charge comes (core's firstCharge, or getCheckoutTerms' firstChargeAt). */
      firstChargeAt: Date;
    }
  | { kind: 'gift'; total: { amount: number; currency: string } }
  | { kind: 'freeTrial'; days: number; endsAt: Date };

/**
 * The words beside a button that starts a trial or a plan (issue 42: price, period, that it renews
 * until canceled, when the first charge comes and how to cancel). `utc` words dates in the UTC
 * calendar (a server page, which does not know the reader's zone), else in the reader's.
 */
export function purchaseDisclosure(purchase: DisclosedPurchase, options: { utc?: boolean } = {}): string {
  if (purchase.kind === 'gift') {
    return `One payment of ${formatPrice(purchase.total.amount, purchase.total.currency)}; it does not renew.`;
  }
  if (purchase.kind === 'freeTrial') {
    return (
      `${purchase.days} days free, with no card and no charge. ` +
      `The trial ends by itself on ${chargeDate(purchase.endsAt, options)}; nothing renews.`
    );
  }
  const { period, price, trial } = purchase;
  const words = PERIOD[period];
  const amount = `${formatPrice(price.amount, price.currency)} ${words.price}`;
  const renewal = `It renews ${words.renews} until you cancel. ${CANCEL_HOW}`;
  if (trial.kind === 'none') return `${amount}, charged today. ${renewal}`;
  const after =
    trial.kind === 'freeDays' ? `after your ${trial.days}-day free trial` : 'after your free trial';
  return `${amount} ${after}. Your first charge is on ${chargeDate(purchase.firstChargeAt, options)}. ${renewal}`;
}

/** How to cancel a web plan before its next charge. */
export const CANCEL_HOW = 'Cancel any time on the Subscription page, at least a day before it renews.';

/**
 * The agreement sentence, in parts so a page can make the two names links to LEGAL_PATHS, worded
 * as sign-in words it: 'By continuing, you agree to the terms of service and the privacy policy.'
 */
export const AGREEMENT_PARTS = {
  before: 'By continuing, you agree to the ',
  terms: 'terms of service',
  between: ' and the ',
  privacy: 'privacy policy',
  after: '.',
} as const;

/** The agreement sentence as plain text. */
export const agreementSentence = (): string =>
  `${AGREEMENT_PARTS.before}${AGREEMENT_PARTS.terms}${AGREEMENT_PARTS.between}${AGREEMENT_PARTS.privacy}${AGREEMENT_PARTS.after}`;

/**
 * The 409 a purchase gets when the page showed other terms than the current ones (a page loaded
 * before they changed): the page says it and reloads nothing by itself.
 */
export const TERMS_CHANGED_MESSAGE =
  'The terms have changed. Reload the page to read them before you continue.';

/** Whether a purchase was refused because the page showed terms that have since changed. */
export const isTermsChanged = (error: unknown): boolean =>
  error instanceof Error && error.message === TERMS_CHANGED_MESSAGE;
