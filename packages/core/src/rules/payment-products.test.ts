import { describe, expect, it } from 'vitest';
import { productIds } from '../constants/products';
import { environments } from '../environments';
import { isSubscriptionPrice, priceKeyOf, productForPrice, subscriptionPriceKeys } from './payment-products';
import { planName, type Subscriber } from './subscription';

const prices = environments.test.prices;

const subscriberOf = (productId: string, sandbox: boolean): Subscriber => ({
  entitlements: {
    premium: { product_identifier: productId, expires_date: null, purchase_date: '2026-01-01T00:00:00Z' },
  },
  subscriptions: {
    [productId]: {
      expires_date: null,
      purchase_date: '2026-01-01T00:00:00Z',
      period_type: 'normal',
      store: 'stripe',
      is_sandbox: sandbox,
    },
  },
});

describe('web purchase products', () => {
  it("finds a price id's entry in this environment, and nothing for a foreign id", () => {
    expect(priceKeyOf(prices, prices.annual)).toBe('annual');
    expect(priceKeyOf(prices, prices.gift)).toBe('gift');
    expect(priceKeyOf(prices, environments.production.prices.annual)).toBeNull();
    expect(priceKeyOf(prices, '')).toBeNull();
  });

  it('sells every entry but the gift as a subscription', () => {
    expect(isSubscriptionPrice('gift')).toBe(false);
    expect(isSubscriptionPrice(null)).toBe(false);
    expect(subscriptionPriceKeys.every(isSubscriptionPrice)).toBe(true);
    expect(subscriptionPriceKeys).not.toContain('gift');
  });

  it('grants the live or test product of the plan, each with its friendly name', () => {
    expect(productForPrice('monthly', false)).toBe(productIds.paymentMonthly);
    expect(productForPrice('monthly', true)).toBe(productIds.paymentMonthlyTest);
    expect(productForPrice('annualWinback25Dollars', false)).toBe(productIds.paymentYearly);
    expect(productForPrice('biennial90Dollars', true)).toBe(productIds.paymentBiennialTest);
    const names = subscriptionPriceKeys.map((key) => [
      key,
      planName(subscriberOf(productForPrice(key, false), false)),
      planName(subscriberOf(productForPrice(key, true), true)),
    ]);
    expect(names).toEqual([
      ['monthly', 'premium monthly', 'sandbox premium monthly'],
      ['annual', 'premium yearly', 'sandbox premium yearly'],
      ['annual50Dollars', 'premium yearly', 'sandbox premium yearly'],
      ['annualWinback25Dollars', 'premium yearly', 'sandbox premium yearly'],
      ['annualWinback35Dollars', 'premium yearly', 'sandbox premium yearly'],
      ['biennial90Dollars', 'premium 2 years', 'sandbox premium 2 years'],
    ]);
  });

  it('names every store product of SPEC §3', () => {
    expect(planName(subscriberOf(productIds.iosMonthly, false))).toBe('premium monthly');
    expect(planName(subscriberOf(productIds.iosAnnual, true))).toBe('sandbox premium yearly');
    expect(planName(subscriberOf(productIds.promoWeekly, false))).toBe('premium monthly');
    expect(planName(subscriberOf(productIds.promoLifetime, false))).toBe('premium lifetime');
  });
});
