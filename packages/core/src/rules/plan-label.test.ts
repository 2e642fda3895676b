import { describe, expect, it } from 'vitest';
import { FREE_TRIAL_DAYS } from '../constants/plans';
import { productIds } from '../constants/products';
import { subscriberHolding } from '../testing/subscribers';
import { currentPlanName } from './plan-label';
import { DAY_MS } from './time';

// Noon UTC, so no time zone the tests run in moves a date across midnight.
const started = new Date('2026-11-29T12:00:00.000Z');
const trialEnd = new Date(started.getTime() + FREE_TRIAL_DAYS * DAY_MS).toISOString();

const noCardTrial = subscriberHolding(productIds.promoWeekly, {
  period_type: 'trial',
  store: 'promotional',
  purchase_date: started.toISOString(),
  expires_date: trialEnd,
});

describe('currentPlanName', () => {
  it('names the no-card trial a free trial with the day it ends, not the monthly plan', () => {
    expect(currentPlanName(noCardTrial, started)).toBe('Free trial, ends December 6');
    expect(currentPlanName(noCardTrial, new Date(started.getTime() + 6 * DAY_MS))).toBe(
      'Free trial, ends December 6',
    );
  });

  it('says the free trial ended once its end has passed', () => {
    expect(currentPlanName(noCardTrial, new Date(trialEnd))).toBe('Free trial, ended December 6');
  });

  it('keeps the name of every other plan, a trial with a card included', () => {
    const dates = { purchase_date: started.toISOString(), expires_date: trialEnd };
    expect(
      currentPlanName(
        subscriberHolding(productIds.paymentYearly, { ...dates, period_type: 'trial' }),
        started,
      ),
    ).toBe('premium yearly');
    expect(currentPlanName(subscriberHolding(productIds.paymentMonthly, dates), started)).toBe(
      'premium monthly',
    );
    expect(
      currentPlanName(subscriberHolding(productIds.promoLifetime, { ...dates, expires_date: null }), started),
    ).toBe('premium lifetime');
  });

  it('is null without premium', () => {
    expect(currentPlanName(null, started)).toBeNull();
    expect(currentPlanName({ entitlements: {}, subscriptions: {} }, started)).toBeNull();
  });
});
