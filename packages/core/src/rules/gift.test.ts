import { describe, expect, it } from 'vitest';
import { giftCheckoutBodySchema } from '../api/schemas/gifts';
import { GIFT_PRICE_CENTS } from '../constants/plans';
import {
  giftCheckoutPaths,
  giftOfferText,
  giftReferralGroup,
  giftTotalText,
  isGiftCheckoutUrl,
  REFERRAL_GROUP_MAX_LENGTH,
  readGiftPageQuery,
  readRedeemQuery,
  redeemAddress,
  redeemPath,
} from './gift';

describe('the gift offer', () => {
  it('reads "1 year for $49.99" from what the gift price charges', () => {
    expect(giftOfferText(GIFT_PRICE_CENTS)).toBe('1 year for $49.99');
    expect(giftOfferText(4999, 'EUR')).toBe('1 year for €49.99');
  });

  it('totals several gifts', () => {
    expect(giftTotalText(4999, 1)).toBe('$49.99');
    expect(giftTotalText(4999, 2)).toBe('$99.98');
    expect(giftTotalText(4999, 20)).toBe('$999.80');
  });
});

describe('the gift checkout', () => {
  it('keeps a referral group the checkout accepts, trimmed, and drops any other', () => {
    expect(giftReferralGroup(' spring-newsletter ')).toBe('spring-newsletter');
    expect(giftReferralGroup(null)).toBeUndefined();
    expect(giftReferralGroup('   ')).toBeUndefined();
    expect(giftReferralGroup('x'.repeat(REFERRAL_GROUP_MAX_LENGTH))).toHaveLength(REFERRAL_GROUP_MAX_LENGTH);
    expect(giftReferralGroup('x'.repeat(REFERRAL_GROUP_MAX_LENGTH + 1))).toBeUndefined();
  });

  it('agrees with the checkout schema on the longest referral group', () => {
    const body = (referralGroup: string) => ({
      cancelPath: '/gift',
      successPath: '/gift',
      priceId: 'price_gift',
      quantity: 1,
      referralGroup,
    });
    const longest = 'x'.repeat(REFERRAL_GROUP_MAX_LENGTH);
    expect(giftCheckoutBodySchema.safeParse(body(longest)).success).toBe(true);
    expect(giftCheckoutBodySchema.safeParse(body(`${longest}x`)).success).toBe(false);
  });

  it('returns to /gift, keeping the referral group when cancelled', () => {
    expect(giftCheckoutPaths()).toEqual({ cancelPath: '/gift', successPath: '/gift' });
    expect(giftCheckoutPaths('a b&c')).toEqual({
      cancelPath: '/gift?referralGroup=a%20b%26c',
      successPath: '/gift',
    });
  });

  it('builds paths the checkout schema accepts', () => {
    const paths = giftCheckoutPaths('friends & family');
    expect(giftCheckoutBodySchema.safeParse({ ...paths, priceId: 'price_gift', quantity: 2 }).success).toBe(
      true,
    );
  });
});

describe('the checkout address', () => {
  it('is an absolute http(s) address', () => {
    expect(isGiftCheckoutUrl('https://checkout.stripe.com/c/pay/cs_test_1')).toBe(true);
    expect(isGiftCheckoutUrl('http://localhost:3000/local-pay/checkout/cs_1')).toBe(true);
    expect(isGiftCheckoutUrl('')).toBe(false);
    expect(isGiftCheckoutUrl('/local-pay/checkout/cs_1')).toBe(false);
    expect(isGiftCheckoutUrl('javascript:alert(1)')).toBe(false);
  });
});

describe('reading /gift', () => {
  const query = (overrides: Partial<Parameters<typeof readGiftPageQuery>[0]>) =>
    readGiftPageQuery({ stripeSuccess: null, sessionId: null, redemptionCode: null, ...overrides });

  it('shows the offer unless back from checkout', () => {
    expect(query({})).toEqual({ kind: 'offer' });
    expect(query({ sessionId: 'cs_1', redemptionCode: 'ABC123' })).toEqual({ kind: 'offer' });
  });

  it('looks up the checkout and code it came back with, the code upper-cased', () => {
    expect(query({ stripeSuccess: 'true', sessionId: ' cs_1 ', redemptionCode: 'abc123' })).toEqual({
      kind: 'purchase',
      sessionId: 'cs_1',
      redemptionCode: 'ABC123',
    });
  });

  it('has nothing to look up without both, or with a code that cannot be one', () => {
    expect(query({ stripeSuccess: 'true' })).toEqual({ kind: 'unreadable' });
    expect(query({ stripeSuccess: 'true', sessionId: 'cs_1' })).toEqual({ kind: 'unreadable' });
    expect(query({ stripeSuccess: 'true', redemptionCode: 'ABC123' })).toEqual({ kind: 'unreadable' });
    expect(query({ stripeSuccess: 'true', sessionId: 'cs_1', redemptionCode: 'ABC12' })).toEqual({
      kind: 'unreadable',
    });
    expect(query({ stripeSuccess: 'true', sessionId: 'cs_1', redemptionCode: 'ABC-12' })).toEqual({
      kind: 'unreadable',
    });
    expect(query({ stripeSuccess: 'true', sessionId: 'x'.repeat(256), redemptionCode: 'ABC123' })).toEqual({
      kind: 'unreadable',
    });
  });
});

describe('the redeem address', () => {
  it('puts step 1 and a code in the path, never step 2', () => {
    expect(redeemPath()).toBe('/redeem');
    expect(redeemPath({ step: 0 })).toBe('/redeem');
    expect(redeemPath({ step: 1 })).toBe('/redeem?step=1');
    expect(redeemPath({ step: 1, redemptionCode: 'abc 123' })).toBe('/redeem?step=1&redemptionCode=ABC123');
    expect(redeemPath({ redemptionCode: '' })).toBe('/redeem');
  });

  it('is the page on a site, with or without a code', () => {
    expect(redeemAddress('https://stillpoint.app')).toBe('https://stillpoint.app/redeem');
    expect(redeemAddress('http://localhost:3000/', 'k7m2pq')).toBe(
      'http://localhost:3000/redeem?redemptionCode=K7M2PQ',
    );
  });

  it('starts at step 1 only when the address says so, with the code normalised', () => {
    expect(readRedeemQuery({ step: null, redemptionCode: null })).toEqual({ step: 0, redemptionCode: '' });
    expect(readRedeemQuery({ step: '1', redemptionCode: 'abc1234' })).toEqual({
      step: 1,
      redemptionCode: 'ABC123',
    });
    expect(readRedeemQuery({ step: '2', redemptionCode: null }).step).toBe(0);
  });

  it('reads back what it builds', () => {
    const [, query = ''] = redeemPath({ step: 1, redemptionCode: 'K7M2PQ' }).split('?');
    const params = new Map(query.split('&').map((pair) => pair.split('=') as [string, string]));
    expect(
      readRedeemQuery({
        step: params.get('step') ?? null,
        redemptionCode: params.get('redemptionCode') ?? null,
      }),
    ).toEqual({ step: 1, redemptionCode: 'K7M2PQ' });
  });
});
