import { messages } from '@stillpoint/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyEntitlement } from '../src/modules/entitlements/service';
import { call, callOk, dataOf, failureOf, type Person, signUp } from './support/api';
import { createTestApp, type TestApp, testConfig } from './support/app';

const prices = testConfig().prices;
const DAY = 86_400_000;
const FOREIGN_PRICE = 'price_1NotOneOfOurs';

const checkoutQuery = (overrides: Record<string, string> = {}) => ({
  priceId: prices.annual,
  cancelPath: '/subscription',
  successPath: '/subscription?stripe_success=true',
  ...overrides,
});

describe('payments (SPEC §7 calls)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** Someone who holds premium from the App Store. */
  async function storeSubscriber(): Promise<Person> {
    const person = await signUp(t.app);
    await applyEntitlement(t.database.db, {
      userId: person.uid,
      productIdentifier: 'annual_subscription',
      store: 'app_store',
      periodType: 'normal',
      purchasedAt: new Date(Date.now() - DAY),
      expiresAt: new Date(Date.now() + 300 * DAY),
      isSandbox: false,
      sourceRef: null,
      observedAt: new Date(),
    });
    return person;
  }

  const expectBadRequest = (res: Awaited<ReturnType<typeof call>>, mention: string) => {
    const failure = failureOf(res);
    expect(failure).toMatchObject({ status: 400, success: false, code: 'BAD_REQUEST' });
    expect(failure.error).toContain(mention);
  };

  describe('getPaymentConfig', () => {
    it("names the local provider and this environment's prices, without a session", async () => {
      expect(dataOf('getPaymentConfig', await call(t.app, 'getPaymentConfig'))).toEqual({
        provider: 'local',
        publishableKey: null,
        prices,
      });
    });
  });

  describe('getStripePrice', () => {
    it('prices the plans and the gift in cents', async () => {
      expect(
        dataOf('getStripePrice', await call(t.app, 'getStripePrice', { priceId: prices.annual })),
      ).toEqual({
        unit_amount: 4999,
        currency: 'usd',
      });
      expect(
        dataOf('getStripePrice', await call(t.app, 'getStripePrice', { priceId: prices.monthly })),
      ).toEqual({
        unit_amount: 699,
        currency: 'usd',
      });
      expect(
        dataOf('getStripePrice', await call(t.app, 'getStripePrice', { priceId: prices.gift })),
      ).toMatchObject({
        unit_amount: 4999,
      });
    });

    it('refuses a price that is not one of ours, and a missing one', async () => {
      expectBadRequest(await call(t.app, 'getStripePrice', { priceId: FOREIGN_PRICE }), 'not one of');
      expectBadRequest(await call(t.app, 'getStripePrice', {}), 'priceId');
      expectBadRequest(await call(t.app, 'getStripePrice', { priceId: 'x'.repeat(300) }), 'priceId');
    });
  });

  describe('createStripeCheckoutSessionForSubscription', () => {
    it('opens a hosted checkout for a plan', async () => {
      const person = await signUp(t.app);
      const { url } = await callOk(
        t.app,
        'createStripeCheckoutSessionForSubscription',
        checkoutQuery(),
        person.token,
      );
      expect(new URL(url).protocol).toMatch(/^https?:$/);
    });

    it.each([
      ['a foreign price id', { priceId: FOREIGN_PRICE }, 'not one of'],
      ['the gift price', { priceId: prices.gift }, 'gifts'],
      ['an absolute successPath', { successPath: 'https://evil.example/phish' }, 'successPath'],
      ['a protocol-relative successPath', { successPath: '//evil.example' }, 'successPath'],
      ['a cancelPath without a leading slash', { cancelPath: 'subscription' }, 'cancelPath'],
      ['a skipTrial that is not a boolean', { skipTrial: 'perhaps' }, 'skipTrial'],
      ['a deferPayment that is not a boolean', { deferPayment: '2' }, 'deferPayment'],
    ])('refuses %s with a 400', async (_case, overrides, mention) => {
      const person = await signUp(t.app);
      const res = await call(t.app, 'createStripeCheckoutSessionForSubscription', checkoutQuery(overrides), {
        token: person.token,
      });
      expectBadRequest(res, mention);
    });

    it('refuses a missing priceId or path', async () => {
      const person = await signUp(t.app);
      const { priceId: _priceId, ...withoutPrice } = checkoutQuery();
      expectBadRequest(
        await call(t.app, 'createStripeCheckoutSessionForSubscription', withoutPrice, {
          token: person.token,
        }),
        'priceId',
      );
      const { successPath: _successPath, ...withoutSuccess } = checkoutQuery();
      expectBadRequest(
        await call(t.app, 'createStripeCheckoutSessionForSubscription', withoutSuccess, {
          token: person.token,
        }),
        'successPath',
      );
    });

    it('refuses someone who already has premium with a 409', async () => {
      const person = await storeSubscriber();
      const res = await call(t.app, 'createStripeCheckoutSessionForSubscription', checkoutQuery(), {
        token: person.token,
      });
      expect(failureOf(res)).toEqual({
        status: 409,
        success: false,
        code: 'CONFLICT',
        error: messages.alreadySubscribed,
      });
    });

    it('lets someone on the no-card trial buy a plan that keeps its remaining days, never 7 more: the trial is once', async () => {
      const person = await signUp(t.app);
      const firstTime = await callOk(
        t.app,
        'createStripeCheckoutSessionForSubscription',
        checkoutQuery(),
        person.token,
      );
      expect((await t.app.inject({ url: new URL(firstTime.url).pathname })).body).toContain('7 days free');
      expect(await callOk(t.app, 'startFreeTrial', {}, person.token)).toEqual({ startedTrial: true });
      const { url } = await callOk(
        t.app,
        'createStripeCheckoutSessionForSubscription',
        checkoutQuery(),
        person.token,
      );
      const page = await t.app.inject({ url: new URL(url).pathname });
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain('7 days free');
      // The no-card trial's days carry over instead (trial-credit.test.ts).
      expect(page.body).toContain('Free until');
      const intent = dataOf(
        'getStripeSubscriptionIntent',
        await call(
          t.app,
          'getStripeSubscriptionIntent',
          { userId: person.uid, priceId: prices.annual, numTrialDays: 7 },
          { token: person.token },
        ),
      );
      expect(intent.type).toBe('setup');
    });
  });

  describe('win-back prices (only for someone whose paid premium has lapsed)', () => {
    /** Someone whose App Store plan ended 35 days ago. */
    async function lapsedSubscriber(): Promise<Person> {
      const person = await signUp(t.app);
      await applyEntitlement(t.database.db, {
        userId: person.uid,
        productIdentifier: 'annual_subscription',
        store: 'app_store',
        periodType: 'normal',
        purchasedAt: new Date(Date.now() - 400 * DAY),
        expiresAt: new Date(Date.now() - 35 * DAY),
        isSandbox: false,
        sourceRef: null,
        observedAt: new Date(),
      });
      return person;
    }
    /** Someone whose no-card trial ended: they tried premium, they never paid for it. */
    async function endedTrial(): Promise<Person> {
      const person = await signUp(t.app);
      await applyEntitlement(t.database.db, {
        userId: person.uid,
        productIdentifier: 'rc_promo_premium_weekly',
        store: 'promotional',
        periodType: 'trial',
        purchasedAt: new Date(Date.now() - 10 * DAY),
        expiresAt: new Date(Date.now() - 3 * DAY),
        isSandbox: false,
        sourceRef: 'free-trial',
        observedAt: new Date(),
      });
      return person;
    }
    const checkout = (person: Person, priceId: string) =>
      call(t.app, 'createStripeCheckoutSessionForSubscription', checkoutQuery({ priceId }), {
        token: person.token,
      });
    const intent = (person: Person, priceId: string) =>
      call(
        t.app,
        'getStripeSubscriptionIntent',
        { userId: person.uid, priceId, numTrialDays: 0 },
        { token: person.token },
      );
    const refused = { status: 403, success: false, code: 'FORBIDDEN', error: messages.winBackNotOffered };

    it.each([
      ['25', prices.annualWinback25Dollars],
      ['35', prices.annualWinback35Dollars],
    ])('sells the $%s win-back year to someone whose paid plan has lapsed', async (_amount, priceId) => {
      const person = await lapsedSubscriber();
      const { url } = dataOf('createStripeCheckoutSessionForSubscription', await checkout(person, priceId));
      expect((await t.app.inject({ url: new URL(url).pathname })).statusCode).toBe(200);
      expect(dataOf('getStripeSubscriptionIntent', await intent(person, priceId)).type).toBe('payment');
    });

    it.each([
      ['a brand-new person', () => signUp(t.app)],
      ['someone whose plan is in force', storeSubscriber],
      [
        'someone on the no-card trial',
        async () => {
          const person = await signUp(t.app);
          await callOk(t.app, 'startFreeTrial', {}, person.token);
          return person;
        },
      ],
      ['someone whose trial ended without paying', endedTrial],
    ])('refuses %s with a 403, at checkout and in the embedded form', async (_case, who) => {
      const person = await who();
      for (const priceId of [prices.annualWinback25Dollars, prices.annualWinback35Dollars]) {
        expect(failureOf(await checkout(person, priceId))).toEqual(refused);
        expect(failureOf(await intent(person, priceId))).toEqual(refused);
      }
      // Nothing was started at the provider for them.
      expect(await callOk(t.app, 'getStripeCustomer', { userId: person.uid }, person.token)).toMatchObject({
        customerId: null,
      });
    });

    it('still sells everyone the regular prices', async () => {
      const person = await signUp(t.app);
      expect(
        dataOf('createStripeCheckoutSessionForSubscription', await checkout(person, prices.annual50Dollars))
          .url,
      ).toEqual(expect.any(String));
    });
  });

  describe('customers', () => {
    it('creates one customer per person, returns it again, and reports no subscription yet', async () => {
      const person = await signUp(t.app);
      expect(await callOk(t.app, 'getStripeCustomer', { userId: person.uid }, person.token)).toEqual({
        customerId: null,
        hasActiveSubscriptions: false,
      });
      const created = await callOk(t.app, 'createStripeCustomer', { userId: person.uid }, person.token);
      expect(created.customerId).toEqual(expect.any(String));
      expect(await callOk(t.app, 'createStripeCustomer', { userId: person.uid }, person.token)).toEqual(
        created,
      );
      expect(await callOk(t.app, 'getStripeCustomer', { userId: person.uid }, person.token)).toEqual({
        customerId: created.customerId,
        hasActiveSubscriptions: false,
      });
    });

    it('keeps one customer when ten requests race to create it', async () => {
      const person = await signUp(t.app);
      const answers = await Promise.all(
        Array.from({ length: 10 }, async () =>
          dataOf(
            'createStripeCustomer',
            await call(t.app, 'createStripeCustomer', { userId: person.uid }, { token: person.token }),
          ),
        ),
      );
      expect(new Set(answers.map((answer) => answer.customerId)).size).toBe(1);
    });

    it("answers 404 for someone else's user id, signed in or not", async () => {
      const person = await signUp(t.app);
      const other = await signUp(t.app);
      const notFound = { status: 404, success: false, code: 'NOT_FOUND', error: 'That user was not found.' };
      expect(
        failureOf(await call(t.app, 'getStripeCustomer', { userId: other.uid }, { token: person.token })),
      ).toEqual(notFound);
      expect(
        failureOf(await call(t.app, 'createStripeCustomer', { userId: other.uid }, { token: person.token })),
      ).toEqual(notFound);
      expect(failureOf(await call(t.app, 'createStripeCustomer', { userId: other.uid }))).toEqual(notFound);
      // Nothing was created for the other person.
      expect(await callOk(t.app, 'getStripeCustomer', { userId: other.uid }, other.token)).toMatchObject({
        customerId: null,
      });
    });

    it('creates a customer from an e-mail alone before sign-in', async () => {
      const res = await call(t.app, 'createStripeCustomer', { email: 'buyer@example.com' });
      expect(dataOf('createStripeCustomer', res).customerId).toEqual(expect.any(String));
    });

    it.each([
      ['both userId and email', { userId: 'u1', email: 'a@example.com' }, 'exactly one'],
      ['neither', {}, 'exactly one'],
      ['an e-mail that is not one', { email: 'not-an-email' }, 'email'],
      ['an unknown field', { email: 'a@example.com', admin: true }, 'admin'],
    ])('createStripeCustomer refuses %s with a 400', async (_case, body, mention) => {
      expectBadRequest(await call(t.app, 'createStripeCustomer', body), mention);
    });

    it.each([
      ['no userId', {}, 'userId'],
      ['a userId that is not text', { userId: 42 }, 'userId'],
      ['an unknown field', { userId: 'u', extra: 1 }, 'extra'],
    ])('getStripeCustomer refuses %s with a 400', async (_case, body, mention) => {
      const person = await signUp(t.app);
      expectBadRequest(await call(t.app, 'getStripeCustomer', body, { token: person.token }), mention);
    });
  });

  describe('getStripeSubscriptionIntent', () => {
    const intent = (person: Person, overrides: Record<string, unknown> = {}) =>
      call(
        t.app,
        'getStripeSubscriptionIntent',
        { userId: person.uid, priceId: prices.annual, numTrialDays: 7, ...overrides },
        { token: person.token },
      );

    it('sets up a card for a trial, and takes a payment without one', async () => {
      const trialPerson = await signUp(t.app);
      const withTrial = dataOf('getStripeSubscriptionIntent', await intent(trialPerson));
      expect(withTrial).toEqual({
        clientSecret: expect.any(String),
        type: 'setup',
        subscriptionId: expect.any(String),
      });
      const payingPerson = await signUp(t.app);
      const noTrial = dataOf('getStripeSubscriptionIntent', await intent(payingPerson, { numTrialDays: 0 }));
      expect(noTrial.type).toBe('payment');
    });

    it.each([
      ['a foreign price id', { priceId: FOREIGN_PRICE }, 'not one of'],
      ['the gift price', { priceId: prices.gift }, 'gifts'],
      ['8 trial days', { numTrialDays: 8 }, 'numTrialDays'],
      ['negative trial days', { numTrialDays: -1 }, 'numTrialDays'],
      ['fractional trial days', { numTrialDays: 1.5 }, 'numTrialDays'],
      ['trial days as text', { numTrialDays: '7' }, 'numTrialDays'],
      ['no price', { priceId: undefined }, 'priceId'],
    ])('refuses %s with a 400', async (_case, overrides, mention) => {
      const person = await signUp(t.app);
      expectBadRequest(await intent(person, overrides), mention);
    });

    it("answers 404 for someone else's user id", async () => {
      const person = await signUp(t.app);
      const other = await signUp(t.app);
      expect(failureOf(await intent(person, { userId: other.uid }))).toMatchObject({
        status: 404,
        code: 'NOT_FOUND',
      });
    });

    it('refuses someone who already has premium with a 409', async () => {
      const person = await storeSubscriber();
      expect(failureOf(await intent(person))).toMatchObject({
        status: 409,
        error: messages.alreadySubscribed,
      });
    });
  });
});
