import { englishDate } from './intl-formats';
import { formatPrice } from './prices';
import { DAY_MS } from './time';
import type { CheckoutTrial } from './trial-credit';

/** What a subscription checkout charges: today, and the first charge of the plan. Amounts in cents. */
export interface FirstCharge {
  /** Charged as the checkout completes: nothing with a trial, the first period without one. */
  dueToday: number;
  /** When the first charge comes: when the trial ends, or now without a trial. */
  at: Date;
  amount: number;
  currency: string;
}

/**
 * The first charge of a plan bought at `now` with `trial` (core's checkoutTrial): the server words
 * its checkout pages with it and the web app the pages before them, so both name the same date
 * and amount as the provider charges. Free days count from the checkout.
 */
export function firstCharge({
  trial,
  price,
  now,
}: {
  trial: CheckoutTrial;
  price: { amount: number; currency: string };
  now: Date;
}): FirstCharge {
  const charge = { amount: price.amount, currency: price.currency };
  if (trial.kind === 'credit') return { ...charge, dueToday: 0, at: trial.endsAt };
  if (trial.kind === 'freeDays')
    return { ...charge, dueToday: 0, at: new Date(now.getTime() + trial.days * DAY_MS) };
  return { ...charge, dueToday: price.amount, at: now };
}

/**
 * A billing date as a person reads it: 'December 6, 2025'. `utc` reads the UTC calendar (a server
 * page or an e-mail, which do not know the reader's zone), else the reader's own.
 */
export function chargeDate(date: Date, { utc = false }: { utc?: boolean } = {}): string {
  const year = utc ? date.getUTCFullYear() : date.getFullYear();
  return `${englishDate(date, 'monthDay', { utc })}, ${year}`;
}

/** '$0.00 due today'. */
export const dueTodayText = (charge: Pick<FirstCharge, 'dueToday' | 'currency'>): string =>
  `${formatPrice(charge.dueToday, charge.currency)} due today`;

/** 'First charge: $49.99 on December 6, 2025'. */
export const firstChargeText = (charge: FirstCharge, options: { utc?: boolean } = {}): string =>
  `First charge: ${formatPrice(charge.amount, charge.currency)} on ${chargeDate(charge.at, options)}`;
