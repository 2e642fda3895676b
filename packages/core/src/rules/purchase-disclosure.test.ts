import { describe, expect, it } from 'vitest';
import { firstCharge } from './first-charge';
import { agreementSentence, purchaseDisclosure } from './purchase-disclosure';
import { checkoutTrial } from './trial-credit';

const now = new Date('2026-11-29T10:00:00Z');
const utc = { utc: true };
const monthly = { amount: 999, currency: 'usd' };
const annual = { amount: 4999, currency: 'usd' };

describe('the disclosure beside a paid button', () => {
  it('names the price, the trial, the first charge, the renewal and how to cancel', () => {
    const trial = checkoutTrial(
      { hadNoCardTrial: false, noCardTrialEndsAt: null, hadWebTrial: false },
      { now, wantsTrial: true },
    );
    const charge = firstCharge({ trial, price: monthly, now });
    expect(
      purchaseDisclosure(
        { kind: 'subscription', period: 'monthly', price: monthly, trial, firstChargeAt: charge.at },
        utc,
      ),
    ).toBe(
      '$9.99 a month after your 7-day free trial. Your first charge is on December 6, 2026. ' +
        'It renews every month until you cancel. ' +
        'Cancel any time on the Subscription page, at least a day before it renews.',
    );
  });

  it('words each period', () => {
    const trial = { kind: 'freeDays', days: 7 } as const;
    const at = new Date('2026-12-06T10:00:00Z');
    const yearly = purchaseDisclosure(
      { kind: 'subscription', period: 'annual', price: annual, trial, firstChargeAt: at },
      utc,
    );
    expect(yearly).toMatch(/^\$49\.99 a year after your 7-day free trial\./);
    expect(yearly).toContain('It renews every year until you cancel.');
    const twoYears = purchaseDisclosure(
      {
        kind: 'subscription',
        period: 'biennial',
        price: { amount: 9000, currency: 'usd' },
        trial,
        firstChargeAt: at,
      },
      utc,
    );
    expect(twoYears).toMatch(/^\$90\.00 every 2 years after/);
    expect(twoYears).toContain('It renews every 2 years until you cancel.');
  });

  it('says the plan is charged today without a trial, and names no later date', () => {
    const text = purchaseDisclosure(
      { kind: 'subscription', period: 'annual', price: annual, trial: { kind: 'none' }, firstChargeAt: now },
      utc,
    );
    expect(text).toBe(
      '$49.99 a year, charged today. It renews every year until you cancel. ' +
        'Cancel any time on the Subscription page, at least a day before it renews.',
    );
  });

  it('names the day the no-card trial carried over ends as the first charge', () => {
    const endsAt = new Date('2026-12-03T23:30:00Z');
    const text = purchaseDisclosure(
      {
        kind: 'subscription',
        period: 'annual',
        price: annual,
        trial: { kind: 'credit', endsAt },
        firstChargeAt: endsAt,
      },
      utc,
    );
    expect(text).toMatch(
      /^\$49\.99 a year after your free trial\. Your first charge is on December 3, 2026\./,
    );
  });

  it('reads the date in the given calendar: UTC on a server page', () => {
    const lateUtc = new Date('2026-12-06T23:30:00Z');
    const text = purchaseDisclosure(
      {
        kind: 'subscription',
        period: 'monthly',
        price: monthly,
        trial: { kind: 'freeDays', days: 7 },
        firstChargeAt: lateUtc,
      },
      utc,
    );
    expect(text).toContain('December 6, 2026');
  });

  it('says a gift is one payment that does not renew', () => {
    expect(purchaseDisclosure({ kind: 'gift', total: { amount: 9998, currency: 'usd' } })).toBe(
      'One payment of $99.98; it does not renew.',
    );
  });

  it('says the no-card trial charges nothing and ends by itself', () => {
    const text = purchaseDisclosure(
      { kind: 'freeTrial', days: 7, endsAt: new Date('2026-12-06T10:00:00Z') },
      utc,
    );
    expect(text).toBe(
      '7 days free, with no card and no charge. The trial ends by itself on December 6, 2026; nothing renews.',
    );
    expect(text).not.toMatch(/renews (every|until)/);
  });

  it('asks for agreement to both texts', () => {
    expect(agreementSentence()).toBe(
      'By continuing, you agree to the terms of service and the privacy policy.',
    );
  });
});
