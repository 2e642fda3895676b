import { describe, expect, it } from 'vitest';
import { GIFT_PRICE_CENTS, planPrices } from '../constants/plans';
import { environments } from '../environments';
import {
  annualSavingsPercent,
  billingSubtext,
  formatPrice,
  formatWholeNumber,
  monthlyFromAnnual,
  perDay,
  planTrialSubtext,
  subscriptionPriceKind,
  trialThenYearlySubtext,
} from './prices';

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

  it('writes every amount as Intl does, in the currencies it writes itself and in any other', () => {
    const amounts = [
      0, 1, 5, 99, 100, 699, 4999, 99_999, 100_000, 123_456_789, -1, -4999, -100_000, 13.7, 0.4,
    ];
    for (const currency of ['usd', 'EUR', 'gbp', 'CAD', 'JPY', 'CHF'])
      for (const cents of amounts) {
        const intl = new Intl.NumberFormat('en-US', {
          style: 'currency',
          currency: currency.toUpperCase(),
          minimumFractionDigits: 2,
          maximumFractionDigits: 2,
        }).format(Math.round(cents) / 100);
        expect(formatPrice(cents, currency), `${cents} ${currency}`).toBe(intl);
      }
  });
});

describe('formatWholeNumber', () => {
  it('groups digits as en does', () => {
    for (const value of [0, 7, 999, 1000, 1440, 65_536, 1_000_000, 123_456_789, -1, -1440, -1_000_000])
      expect(formatWholeNumber(value), String(value)).toBe(value.toLocaleString('en'));
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

describe('annualSavingsPercent', () => {
  it('is the share of 12 monthly payments that paying yearly saves, rounded down', () => {
    expect(annualSavingsPercent(planPrices.annual.cents, planPrices.monthly.cents)).toBe(40);
    // 1 - 1199 / 1200 is 0.08%: too little to claim a whole percent.
    expect(annualSavingsPercent(1199, 100)).toBe(0);
    expect(annualSavingsPercent(600, 100)).toBe(50);
  });

  it('claims nothing when yearly is not cheaper or the monthly price is unknown', () => {
    expect(annualSavingsPercent(1200, 100)).toBe(0);
    expect(annualSavingsPercent(1500, 100)).toBe(0);
    expect(annualSavingsPercent(4999, 0)).toBe(0);
  });
});

describe('subscriptionPriceKind and billingSubtext', () => {
  const prices = environments.development.prices;

  it("names each of an environment's subscription prices, and nothing else", () => {
    expect(subscriptionPriceKind(prices.annual, prices)).toBe('annual');
    expect(subscriptionPriceKind(prices.annualWinback25Dollars, prices)).toBe('annual');
    expect(subscriptionPriceKind(prices.monthly, prices)).toBe('monthly');
    expect(subscriptionPriceKind(prices.biennial90Dollars, prices)).toBe('biennial');
    expect(subscriptionPriceKind(prices.gift, prices)).toBeNull();
    expect(subscriptionPriceKind(environments.production.prices.annual, prices)).toBeNull();
  });

  it("words /webcheckout's line as SPEC §2 does for a yearly price", () => {
    expect(billingSubtext('annual', 4999, 'usd')).toBe('$4.17/mo billed yearly at $49.99/yr');
    expect(billingSubtext('monthly', 699, 'usd')).toBe('$6.99/mo billed monthly');
    expect(billingSubtext('biennial', 9000, 'usd')).toBe('$3.75/mo billed every 2 years at $90.00');
  });
});

describe('paywall subtexts', () => {
  it('words the timeline paywall from the annual price', () => {
    expect(trialThenYearlySubtext(4999)).toBe('7-day free trial, then $49.99/yr');
    expect(trialThenYearlySubtext(4500, 'eur')).toBe('7-day free trial, then €45.00/yr');
  });
  it('words the personal-plan modal per plan', () => {
    expect(planTrialSubtext('annual', 4999)).toBe('$49.99, billed yearly. 7-day trial');
    expect(planTrialSubtext('biennial', 9000)).toBe('$90.00, billed every 2 years. 7-day trial');
  });
});
