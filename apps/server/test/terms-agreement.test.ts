import { TERMS_VERSION } from '@stillpoint/core';
import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freeTrial, giftPurchase, termsAgreement } from '../src/db/schema';
import { eraseUser, exportUser } from '../src/modules/agreements/privacy';
import { recordAgreement } from '../src/modules/agreements/service';
import { call, callOk, dataOf, failureOf, type Person, signUp } from './support/api';
import { createTestApp, type TestApp, testConfig } from './support/app';
import { bearer, randomIp } from './support/auth';
import { giftBody, payGift, purchaseOfSession, startGift } from './support/gifts';
import { until } from './support/webhook';

const config = testConfig();
const prices = config.prices;
const STALE = '2000-01-01';
const CHANGED = 'The terms have changed. Reload the page to read them before you continue.';

const checkoutQuery = (overrides: Record<string, string> = {}) => ({
  priceId: prices.annual,
  cancelPath: '/subscription',
  successPath: '/subscription?stripe_success=true',
  ...overrides,
});

/** The checkout session id at the end of a local hosted checkout's address. */
const sessionIdOf = (url: string) => new URL(url).pathname.split('/').at(-1) ?? '';

describe('the terms version recorded with a purchase', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const agreementsOf = (userId: string) =>
    t.database.db.select().from(termsAgreement).where(eq(termsAgreement.userId, userId));
  const agreementOfPurchase = async (ref: string) =>
    t.database.db.select().from(termsAgreement).where(eq(termsAgreement.purchaseRef, ref));
  const expectConflict = (res: LightMyRequestResponse) =>
    expect(failureOf(res)).toMatchObject({ status: 409, code: 'CONFLICT', error: CHANGED });

  describe('a subscription checkout', () => {
    it('records who agreed to which version, when, with the checkout session', async () => {
      const person = await signUp(t.app);
      const before = Date.now();
      const { url } = await callOk(
        t.app,
        'createStripeCheckoutSessionForSubscription',
        checkoutQuery({ termsVersion: TERMS_VERSION }),
        person.token,
      );
      const rows = await agreementsOf(person.uid);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        termsVersion: TERMS_VERSION,
        purchaseKind: 'subscription_checkout',
        purchaseRef: sessionIdOf(url),
        email: null,
      });
      expect(rows[0]?.agreedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(rows[0]?.agreedAt.getTime()).toBeLessThanOrEqual(Date.now());
    });

    it("shows the disclosure and the agreement beside the hosted page's button", async () => {
      const person = await signUp(t.app);
      const { url } = await callOk(
        t.app,
        'createStripeCheckoutSessionForSubscription',
        checkoutQuery(),
        person.token,
      );
      const page = await t.app.inject({ url: new URL(url).pathname });
      expect(page.statusCode).toBe(200);
      expect(page.body).toMatch(
        /\$\d+\.\d{2} a year after your 7-day free trial\. Your first charge is on [A-Z][a-z]+ \d{1,2}, \d{4}\./,
      );
      expect(page.body).toContain('It renews every year until you cancel.');
      expect(page.body).toContain(`href="${config.publicUrl}/terms" target="_blank"`);
      expect(page.body).toContain(`href="${config.publicUrl}/privacy" target="_blank"`);
    });

    it('refuses a stale version with 409 and opens no checkout', async () => {
      const person = await signUp(t.app);
      const res = await call(
        t.app,
        'createStripeCheckoutSessionForSubscription',
        checkoutQuery({ termsVersion: STALE }),
        { token: person.token },
      );
      expectConflict(res);
      expect(await agreementsOf(person.uid)).toEqual([]);
      // Nothing was started: the customer a checkout creates does not exist either.
      const customer = await callOk(t.app, 'getStripeCustomer', { userId: person.uid }, person.token);
      expect(customer.customerId).toBeNull();
    });

    it('works without a version and records nothing', async () => {
      const person = await signUp(t.app);
      const { url } = await callOk(
        t.app,
        'createStripeCheckoutSessionForSubscription',
        checkoutQuery(),
        person.token,
      );
      expect(url).toContain(sessionIdOf(url));
      expect(await agreementsOf(person.uid)).toEqual([]);
    });

    it('records one agreement when the same press is sent again', async () => {
      const person = await signUp(t.app);
      const query = new URLSearchParams(checkoutQuery({ termsVersion: TERMS_VERSION })).toString();
      const press = () =>
        t.app.inject({
          url: `/api/createStripeCheckoutSessionForSubscription?${query}`,
          headers: { ...bearer(person.token), 'idempotency-key': `press-${person.uid}` },
          remoteAddress: randomIp(),
        });
      const first = dataOf('createStripeCheckoutSessionForSubscription', await press());
      const again = dataOf('createStripeCheckoutSessionForSubscription', await press());
      expect(again).toEqual(first);
      expect(await agreementsOf(person.uid)).toHaveLength(1);
    });
  });

  describe('the embedded payment form (getStripeSubscriptionIntent)', () => {
    it('records the version with the subscription it created', async () => {
      const person = await signUp(t.app);
      const intent = await callOk(
        t.app,
        'getStripeSubscriptionIntent',
        { userId: person.uid, priceId: prices.annual, numTrialDays: 7, termsVersion: TERMS_VERSION },
        person.token,
      );
      const rows = await agreementsOf(person.uid);
      expect(rows).toMatchObject([
        {
          termsVersion: TERMS_VERSION,
          purchaseKind: 'subscription_intent',
          purchaseRef: intent.subscriptionId,
        },
      ]);
    });

    it('refuses a stale version with 409 and creates no subscription', async () => {
      const person = await signUp(t.app);
      const res = await call(
        t.app,
        'getStripeSubscriptionIntent',
        { userId: person.uid, priceId: prices.annual, numTrialDays: 7, termsVersion: STALE },
        { token: person.token },
      );
      expectConflict(res);
      expect(await agreementsOf(person.uid)).toEqual([]);
      const customer = await callOk(t.app, 'getStripeCustomer', { userId: person.uid }, person.token);
      expect(customer).toEqual({ customerId: null, hasActiveSubscriptions: false });
    });
  });

  describe('the no-card free trial (startFreeTrial)', () => {
    it('records the version once the trial starts, and not again when it cannot start', async () => {
      const person = await signUp(t.app);
      const body = { termsVersion: TERMS_VERSION };
      expect(await callOk(t.app, 'startFreeTrial', body, person.token)).toEqual({ startedTrial: true });
      expect(await callOk(t.app, 'startFreeTrial', body, person.token)).toEqual({ startedTrial: false });
      expect(await agreementsOf(person.uid)).toMatchObject([
        { termsVersion: TERMS_VERSION, purchaseKind: 'free_trial', purchaseRef: `free-trial:${person.uid}` },
      ]);
    });

    it('refuses a stale version with 409 and starts no trial', async () => {
      const person = await signUp(t.app);
      expectConflict(await call(t.app, 'startFreeTrial', { termsVersion: STALE }, { token: person.token }));
      const trials = await t.database.db.select().from(freeTrial).where(eq(freeTrial.userId, person.uid));
      expect(trials).toEqual([]);
      expect(await agreementsOf(person.uid)).toEqual([]);
    });

    it('still starts with no body at all (SPEC §7 callers), recording nothing', async () => {
      const person = await signUp(t.app);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/startFreeTrial',
        headers: bearer(person.token),
        remoteAddress: randomIp(),
      });
      expect(dataOf('startFreeTrial', res)).toEqual({ startedTrial: true });
      expect(await agreementsOf(person.uid)).toEqual([]);
    });
  });

  describe('a gift checkout', () => {
    it('records a signed-in buyer with the gift purchase', async () => {
      const person: Person = await signUp(t.app);
      const { sessionId } = await startGift(
        t.app,
        config,
        { termsVersion: TERMS_VERSION },
        { token: person.token },
      );
      const purchase = await purchaseOfSession(t.database.db, sessionId);
      expect(await agreementsOf(person.uid)).toMatchObject([
        { termsVersion: TERMS_VERSION, purchaseKind: 'gift_checkout', purchaseRef: purchase.id },
      ]);
    });

    it('names a buyer who is not signed in by the address their checkout gives, once paid', async () => {
      const { url, sessionId } = await startGift(t.app, config, { termsVersion: TERMS_VERSION });
      const purchase = await purchaseOfSession(t.database.db, sessionId);
      expect(await agreementOfPurchase(purchase.id)).toMatchObject([{ userId: null, email: null }]);
      expect((await payGift(t.app, url, 'giver@example.com')).statusCode).toBe(303);
      await until(
        async () => (await agreementOfPurchase(purchase.id))[0]?.email === 'giver@example.com',
        'the buyer address on the agreement',
      );
    });

    it('says on the hosted page that a gift is one payment that does not renew', async () => {
      const { url } = await startGift(t.app, config, { quantity: 2 });
      const page = await t.app.inject({ url: new URL(url).pathname });
      expect(page.body).toMatch(/One payment of \$\d+\.\d{2}; it does not renew\./);
    });

    it('refuses a stale version with 409 and stores no purchase', async () => {
      const [before] = await t.database.db.select({ n: count() }).from(giftPurchase);
      const res = await call(
        t.app,
        'createStripeCheckoutSessionForGift',
        giftBody(config, { termsVersion: STALE }),
      );
      expectConflict(res);
      const [after] = await t.database.db.select({ n: count() }).from(giftPurchase);
      expect(after?.n).toBe(before?.n);
    });
  });

  it('keeps the first record when the same purchase is recorded again', async () => {
    const person = await signUp(t.app);
    const purchase = { kind: 'subscription_checkout', ref: `cs_replayed_${person.uid}` } as const;
    const first = new Date('2026-11-29T10:00:00Z');
    await recordAgreement(t.database.db, {
      termsVersion: TERMS_VERSION,
      userId: person.uid,
      purchase,
      at: first,
    });
    await recordAgreement(t.database.db, {
      termsVersion: TERMS_VERSION,
      userId: person.uid,
      purchase,
      at: new Date(first.getTime() + 60_000),
    });
    expect(await agreementOfPurchase(purchase.ref)).toMatchObject([{ agreedAt: first }]);
  });

  it("is in the person's export, and erasure keeps the record without the link to them", async () => {
    const person = await signUp(t.app);
    await callOk(t.app, 'startFreeTrial', { termsVersion: TERMS_VERSION }, person.token);
    const other = await signUp(t.app);
    await callOk(t.app, 'startFreeTrial', { termsVersion: TERMS_VERSION }, other.token);

    const exported = await exportUser(t.database.db, person.uid);
    expect(exported).toEqual([
      expect.objectContaining({ termsVersion: TERMS_VERSION, purchaseKind: 'free_trial' }),
    ]);

    await t.database.db.transaction((tx) => eraseUser(tx, person.uid));
    await t.database.db.transaction((tx) => eraseUser(tx, person.uid));
    expect(await agreementsOf(person.uid)).toEqual([]);
    expect(await exportUser(t.database.db, person.uid)).toEqual([]);
    const kept = await agreementOfPurchase(`free-trial:${person.uid}`);
    expect(kept).toEqual([]);
    const all = await t.database.db.select().from(termsAgreement);
    const erased = all.filter((row) => row.purchaseRef.startsWith('erased:'));
    expect(erased.some((row) => row.userId === null && row.termsVersion === TERMS_VERSION)).toBe(true);
    expect(JSON.stringify(all)).not.toContain(person.uid);
    expect(await agreementsOf(other.uid)).toHaveLength(1);
  });
});
