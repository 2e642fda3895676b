import { badgeText } from '@stillpoint/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentSubscription } from '../src/db/schema';
import { applyEntitlement } from '../src/modules/entitlements/service';
import { giftRateLimits } from '../src/modules/gifts/rate-limits';
import { GIFT_PRODUCT_ID, redeemMessages } from '../src/modules/gifts/redeem';
import { call, callOk, dataOf, failureOf, type Person, signUp } from './support/api';
import { createTestApp, type TestApp, testConfig } from './support/app';
import { randomIp } from './support/auth';
import { buyPaidGift, codeRow, codesOfSession, payGift, redeem, startGift } from './support/gifts';
import { postForm } from './support/local-payments';
import { payOnHostedPage } from './support/payments';
import { until } from './support/webhook';

const config = testConfig();
const DAY = 86_400_000;

/** One calendar year after `from`, as the server counts a gift (UTC). */
const yearAfter = (from: Date) => {
  const end = new Date(from);
  end.setUTCFullYear(end.getUTCFullYear() + 1);
  return end;
};

const near = (actual: string | null | undefined, expected: Date, toleranceMs = 60_000) =>
  actual != null && Math.abs(Date.parse(actual) - expected.getTime()) <= toleranceMs;

describe('redeemCode', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The local provider delivers its webhooks to this app, as on `npm start`.
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const paidCodes = async (quantity = 1) =>
    (await buyPaidGift(t.app, t.database.db, config, quantity, `giver-${randomIp()}@example.com`)).codes;
  const subscriberOf = async (person: Person) =>
    (await callOk(t.app, 'getSubscriber', undefined, person.token)).subscriber;
  const stateOf = (person: Person) => callOk(t.app, 'getSubscriptionState', undefined, person.token);

  const expectRefused = (res: Awaited<ReturnType<typeof call>>, status: number, message: string) =>
    expect(failureOf(res)).toEqual({
      status,
      success: false,
      code: status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST',
      error: message,
    });

  it('grants a year of premium (store gift) that reads as PRO, on the badge and on /subscription', async () => {
    const [code = ''] = await paidCodes();
    const person = await signUp(t.app);
    const before = new Date();
    // Typed in lower case, as a person might.
    const { premiumUntil } = dataOf('redeemCode', await redeem(t.app, person, code.toLowerCase()));
    expect(near(premiumUntil, yearAfter(before))).toBe(true);

    const subscriber = await subscriberOf(person);
    expect(subscriber.entitlements.premium).toMatchObject({
      product_identifier: GIFT_PRODUCT_ID,
      expires_date: premiumUntil,
    });
    expect(subscriber.subscriptions[GIFT_PRODUCT_ID]).toMatchObject({ store: 'gift', period_type: 'normal' });
    expect(badgeText(subscriber, new Date())).toBe('PRO');
    const state = await stateOf(person);
    expect(state).toMatchObject({ isTrial: false, isExpired: false, managementUrl: null });
    // A gifted year reads as a yearly plan.
    expect(state?.name).toMatch(/premium yearly$/);
    expect(state?.info).toMatch(/^Your gifted premium ends on .+\.$/);
    expect(state?.detailedInfo).toBe('A gift, so there is nothing to pay.');

    const row = await codeRow(t.database.db, code);
    expect(row?.redeemedByUserId).toBe(person.uid);
    expect(row?.redeemedAt).toBeInstanceOf(Date);
  });

  it('lets exactly one of 50 people redeem a code at once', async () => {
    const [code = ''] = await paidCodes();
    const people: Person[] = [];
    for (let n = 0; n < 50; n++) people.push(await signUp(t.app));
    const answers = await Promise.all(people.map((person) => redeem(t.app, person, code)));

    const winners = answers.flatMap((res, index) => (res.statusCode === 200 ? [people[index]] : []));
    expect(winners).toHaveLength(1);
    for (const res of answers.filter((answer) => answer.statusCode !== 200)) {
      expectRefused(res, 400, redeemMessages.used);
    }
    const winner = winners[0] as Person;
    expect((await codeRow(t.database.db, code))?.redeemedByUserId).toBe(winner.uid);
    expect(badgeText(await subscriberOf(winner), new Date())).toBe('PRO');
    // Nobody else got anything.
    const loser = people.find((person) => person !== winner) as Person;
    expect(await subscriberOf(loser)).toEqual({ entitlements: {}, subscriptions: {} });
  });

  it('refuses a used code, telling the person who used it so', async () => {
    const [code = ''] = await paidCodes();
    const first = await signUp(t.app);
    const second = await signUp(t.app);
    expect((await redeem(t.app, first, code)).statusCode).toBe(200);
    expectRefused(await redeem(t.app, second, code), 400, redeemMessages.used);
    expectRefused(await redeem(t.app, first, code), 400, redeemMessages.usedByYou);
    expect(await subscriberOf(second)).toEqual({ entitlements: {}, subscriptions: {} });
  });

  it('refuses an unknown code and a code whose purchase is not paid, and leaves them unused', async () => {
    const person = await signUp(t.app);
    expectRefused(await redeem(t.app, person, 'ZZZZZZ'), 404, redeemMessages.unknown);

    const { url, sessionId } = await startGift(t.app, config);
    const [unpaid = ''] = await codesOfSession(t.database.db, sessionId);
    expectRefused(await redeem(t.app, person, unpaid), 400, redeemMessages.unpaid);
    expect((await codeRow(t.database.db, unpaid))?.redeemedAt).toBeNull();
    expect(await subscriberOf(person)).toEqual({ entitlements: {}, subscriptions: {} });

    // Once paid, the same code works.
    expect((await payGift(t.app, url, 'late-payer@example.com')).statusCode).toBe(303);
    await until(async () => (await redeem(t.app, person, unpaid)).statusCode === 200, 'the code to redeem');
  });

  it('refuses malformed codes and callers who are not signed in', async () => {
    const person = await signUp(t.app);
    for (const redemptionCode of ['ABC', 'ABCDEFG', 'AB-CDE', 42]) {
      expect(
        failureOf(await call(t.app, 'redeemCode', { redemptionCode }, { token: person.token })),
      ).toMatchObject({
        status: 400,
        code: 'BAD_REQUEST',
      });
    }
    const anonymous = await call(t.app, 'redeemCode', { redemptionCode: 'ABCDEF' });
    expect(failureOf(anonymous)).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
  });

  describe('with premium already', () => {
    it('adds the year after the free trial', async () => {
      const [code = ''] = await paidCodes();
      const person = await signUp(t.app);
      expect(await callOk(t.app, 'startFreeTrial', {}, person.token)).toEqual({ startedTrial: true });
      const trialEnd = new Date(
        (await subscriberOf(person)).subscriptions.rc_promo_premium_weekly?.expires_date ?? '',
      );
      const { premiumUntil } = dataOf('redeemCode', await redeem(t.app, person, code));
      expect(premiumUntil).toBe(yearAfter(trialEnd).toISOString());
      // The gift is the longer grant, so the badge reads PRO, no longer the trial.
      expect(badgeText(await subscriberOf(person), new Date())).toBe('PRO');
      expect((await stateOf(person))?.isTrial).toBe(false);
    });

    it('adds a second gift after the first', async () => {
      const [first = '', second = ''] = await paidCodes(2);
      const person = await signUp(t.app);
      const one = dataOf('redeemCode', await redeem(t.app, person, first)).premiumUntil;
      const two = dataOf('redeemCode', await redeem(t.app, person, second)).premiumUntil;
      expect(two).toBe(yearAfter(new Date(one)).toISOString());
      expect((await subscriberOf(person)).entitlements.premium?.expires_date).toBe(two);
    });

    it('adds two codes redeemed at once one after the other', async () => {
      const codes = await paidCodes(2);
      const person = await signUp(t.app);
      const before = new Date();
      const answers = await Promise.all(codes.map((code) => redeem(t.app, person, code)));
      const ends = answers.map((res) => Date.parse(dataOf('redeemCode', res).premiumUntil)).sort();
      expect(near(new Date(ends[1] ?? 0).toISOString(), yearAfter(yearAfter(before)))).toBe(true);
    });

    it('refuses a web subscription that renews, keeps the code unused, and takes it once renewal is off', async () => {
      const [code = ''] = await paidCodes();
      const person = await signUp(t.app);
      const checkout = await callOk(
        t.app,
        'createStripeCheckoutSessionForSubscription',
        { priceId: config.prices.annual, cancelPath: '/subscription', successPath: '/subscription' },
        person.token,
      );
      expect((await payOnHostedPage(t.app, checkout.url)).statusCode).toBe(303);
      await until(async () => (await stateOf(person)) !== null, 'the subscription');

      expectRefused(await redeem(t.app, person, code), 400, redeemMessages.renewingWeb);
      expect((await codeRow(t.database.db, code))?.redeemedAt).toBeNull();

      // Renewal turned off in the billing portal: the year follows the paid time.
      const portal = new URL((await stateOf(person))?.managementUrl ?? '').pathname;
      const [subscription] = await t.database.db
        .select()
        .from(paymentSubscription)
        .where(eq(paymentSubscription.userId, person.uid));
      const ends = new Date((await subscriberOf(person)).entitlements.premium?.expires_date ?? '');
      const canceled = await postForm(t.app, `${portal}/cancel`, { subscription: subscription?.id ?? '' });
      expect(canceled.statusCode).toBe(303);
      await until(
        async () => (await stateOf(person))?.info.includes('canceled') === true,
        'the cancellation',
      );

      const { premiumUntil } = dataOf('redeemCode', await redeem(t.app, person, code));
      expect(premiumUntil).toBe(yearAfter(ends).toISOString());
    });

    it('refuses a store subscription and lifetime premium, and leaves the code for someone else', async () => {
      const [code = ''] = await paidCodes();
      const storeSubscriber = await signUp(t.app);
      await grant(storeSubscriber, {
        productIdentifier: 'annual_subscription',
        store: 'app_store',
        expiresAt: new Date(Date.now() + 300 * DAY),
      });
      expectRefused(await redeem(t.app, storeSubscriber, code), 400, redeemMessages.renewingStore);

      const lifetime = await signUp(t.app);
      await grant(lifetime, {
        productIdentifier: 'rc_promo_premium_lifetime',
        store: 'promotional',
        expiresAt: null,
      });
      expectRefused(await redeem(t.app, lifetime, code), 400, redeemMessages.lifetime);

      expect((await codeRow(t.database.db, code))?.redeemedAt).toBeNull();
      const someoneElse = await signUp(t.app);
      expect((await redeem(t.app, someoneElse, code)).statusCode).toBe(200);
    });

    it('starts the year now when earlier premium has lapsed', async () => {
      const [code = ''] = await paidCodes();
      const person = await signUp(t.app);
      await grant(person, {
        productIdentifier: 'annual_subscription',
        store: 'app_store',
        expiresAt: new Date(Date.now() - 10 * DAY),
      });
      const before = new Date();
      const { premiumUntil } = dataOf('redeemCode', await redeem(t.app, person, code));
      expect(near(premiumUntil, yearAfter(before))).toBe(true);
    });
  });

  describe('rate limits', () => {
    it('limits guesses per person, whatever address they come from', async () => {
      const person = await signUp(t.app);
      for (let guess = 0; guess < giftRateLimits.redeemPerPerson.max; guess++) {
        expect((await redeem(t.app, person, 'ZZZZZZ')).statusCode).toBe(404);
      }
      const limited = await redeem(t.app, person, 'ZZZZZZ');
      expect(failureOf(limited)).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
      expect(failureOf(limited).error).toMatch(/^Too many requests\. Please try again in .+\.$/);
      // Someone else is not held back by it.
      expect((await redeem(t.app, await signUp(t.app), 'ZZZZZZ')).statusCode).toBe(404);
    });

    it('limits guesses per address, whoever is signed in', async () => {
      const ip = randomIp();
      const perPerson = giftRateLimits.redeemPerPerson.max;
      let guesses = 0;
      while (guesses < giftRateLimits.redeemPerAddress.max) {
        const person = await signUp(t.app);
        for (let n = 0; n < perPerson && guesses < giftRateLimits.redeemPerAddress.max; n++, guesses++) {
          expect((await redeem(t.app, person, 'ZZZZZZ', ip)).statusCode).toBe(404);
        }
      }
      const fresh = await signUp(t.app);
      const limited = await redeem(t.app, fresh, 'ZZZZZZ', ip);
      expect(failureOf(limited)).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
      expect(failureOf(limited).error).toMatch(/^Too many requests\. Please try again in \d+ minutes\.$/);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // The same person from another address is fine.
      expect((await redeem(t.app, fresh, 'ZZZZZZ')).statusCode).toBe(404);
    });
  });

  async function grant(
    person: Person,
    values: { productIdentifier: string; store: 'app_store' | 'promotional'; expiresAt: Date | null },
  ) {
    await applyEntitlement(t.database.db, {
      userId: person.uid,
      periodType: 'normal',
      purchasedAt: new Date(Date.now() - 30 * DAY),
      isSandbox: false,
      sourceRef: null,
      observedAt: new Date(),
      ...values,
    });
  }
});
