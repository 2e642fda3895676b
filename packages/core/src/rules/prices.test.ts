import { describe, expect, it } from 'vitest';
import { GIFT_PRICE_CENTS, planPrices } from '../constants/plans';
import { formatPrice, monthlyFromAnnual, perDay } from './prices';

describe('formatPrice', () => {
  it('formats cents with 2 decimals', () => {
    expect(formatPrice(4999)).toBe('$49.99');
    expect(formatPrice(699)).toBe('$6.99');
    expect(formatPrice(9000)).toBe('$90.00');
    expect(formatPrice(0)).toBe('$0.00');
    expect(formatPrice(5)).toBe('$0.05');
    expect(formatPrice(GIFT_PRICE_CENTS)).toBe('$49.99');
  });

  it('takes the currency code in either case', () => {
    expect(formatPrice(4999, 'USD')).toBe('$49.99');
    expect(formatPrice(4999, 'eur')).toBe('€49.99');
  });
});

describe('monthlyFromAnnual', () => {
  it('is the annual price over 12', () => {
    expect(monthlyFromAnnual(4999)).toBe('$4.17');
    expect(monthlyFromAnnual(1200)).toBe('$1.00');
  });
});

describe('perDay', () => {
  it('reproduces the per-day figures the plan cards advertise', () => {
    for (const plan of Object.values(planPrices)) {
      expect(perDay(plan.cents, plan.periodDays)).toBe(plan.perDayDisplay);
    }
  });
});
