import {
  brand,
  DEFAULT_CURRENCY,
  formatPrice,
  GIFT_DURATION_YEARS,
  type PriceIds,
  type PriceKey,
  priceAmountsCents,
  priceKeyOf,
} from '@stillpoint/core';
import type { PriceObject, Seconds } from './objects';

/** How often each price entry bills: SPEC §9's monthly, yearly and 2-year plans; the gift once. */
const recurrence: Record<PriceKey, PriceObject['recurring']> = {
  monthly: { interval: 'month', interval_count: 1 },
  annual: { interval: 'year', interval_count: 1 },
  annual50Dollars: { interval: 'year', interval_count: 1 },
  annualWinback25Dollars: { interval: 'year', interval_count: 1 },
  annualWinback35Dollars: { interval: 'year', interval_count: 1 },
  biennial90Dollars: { interval: 'year', interval_count: 2 },
  gift: null,
};

/**
 * The local provider's prices: exactly this environment's price ids (config.prices), at core's
 * amounts. Any other id does not exist here, as an unknown id does not at Stripe.
 */
export class PriceCatalogue {
  constructor(private readonly prices: PriceIds) {}

  get(priceId: string): PriceObject | null {
    const key = priceKeyOf(this.prices, priceId);
    if (!key) return null;
    const recurring = recurrence[key];
    return {
      id: priceId,
      object: 'price',
      active: true,
      currency: DEFAULT_CURRENCY,
      unit_amount: priceAmountsCents[key],
      type: recurring ? 'recurring' : 'one_time',
      recurring,
      product: `prod_local_${key}`,
      lookup_key: key,
      livemode: false,
    };
  }
}

/** 'Stillpoint Premium, yearly', or for the gift 'Stillpoint gift: 1 year of Premium'. */
export function productName(price: PriceObject): string {
  const recurring = price.recurring;
  if (!recurring) {
    const years = GIFT_DURATION_YEARS === 1 ? '1 year' : `${GIFT_DURATION_YEARS} years`;
    return `${brand.name} gift: ${years} of Premium`;
  }
  if (recurring.interval === 'month') return `${brand.name} Premium, monthly`;
  return recurring.interval_count === 1
    ? `${brand.name} Premium, yearly`
    : `${brand.name} Premium, every ${recurring.interval_count} years`;
}

/** '$49.99/year', '$6.99/month', '$90.00 every 2 years'; a one-time price is just its amount. */
export function priceWithCadence(price: PriceObject): string {
  const amount = formatPrice(price.unit_amount, price.currency);
  const recurring = price.recurring;
  if (!recurring) return amount;
  return recurring.interval_count === 1
    ? `${amount}/${recurring.interval}`
    : `${amount} every ${recurring.interval_count} ${recurring.interval}s`;
}

/** '7 days free, then $49.99/year'. */
export function trialText(days: number, price: PriceObject): string {
  return `${days} ${days === 1 ? 'day' : 'days'} free, then ${priceWithCadence(price)}`;
}

const daysInMonth = (year: number, monthIndex: number) =>
  new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();

/**
 * One billing period after `from`, by the calendar like Stripe: Jan 31 plus a month is the last day
 * of February, not early March.
 */
export function addPeriod(from: Seconds, recurring: NonNullable<PriceObject['recurring']>): Seconds {
  const start = new Date(from * 1000);
  const months = recurring.interval === 'month' ? recurring.interval_count : 12 * recurring.interval_count;
  const total = start.getUTCMonth() + months;
  const year = start.getUTCFullYear() + Math.floor(total / 12);
  const month = total % 12;
  const day = Math.min(start.getUTCDate(), daysInMonth(year, month));
  const end = Date.UTC(year, month, day, start.getUTCHours(), start.getUTCMinutes(), start.getUTCSeconds());
  return Math.floor(end / 1000);
}
