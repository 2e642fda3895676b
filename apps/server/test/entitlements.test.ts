import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyEntitlement, type EntitlementGrant } from '../src/modules/entitlements/service';
import { call, callOk, failureOf, type Person, signUp } from './support/api';
import { createTestApp, type TestApp } from './support/app';
import { bearer, randomIp } from './support/auth';

const API_KEY = 'entitlements-test-key-0123456789abcdef';
const DAY = 86_400_000;

describe('entitlements', () => {
  let t: TestApp;
  let withoutKey: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ entitlementsApiKey: API_KEY });
    withoutKey = await createTestApp({ entitlementsApiKey: null });
  });
  afterAll(async () => {
    await t.close();
    await withoutKey.close();
  });

  const grant = (person: Person, overrides: Partial<EntitlementGrant>) =>
    applyEntitlement(t.database.db, {
      userId: person.uid,
      productIdentifier: 'monthly_subscription',
      store: 'app_store',
      periodType: 'normal',
      purchasedAt: new Date(Date.now() - DAY),
      expiresAt: new Date(Date.now() + 30 * DAY),
      isSandbox: false,
      sourceRef: null,
      observedAt: new Date(),
      ...overrides,
    });

  const service = (app: TestApp, userId: string, authorization?: string) =>
    app.app.inject({
      method: 'GET',
      url: `/api/subscribers/${encodeURIComponent(userId)}`,
      headers: authorization === undefined ? {} : { authorization },
      remoteAddress: randomIp(),
    });

  describe('getSubscriber', () => {
    it('is empty for someone who never subscribed', async () => {
      const person = await signUp(t.app);
      expect(await callOk(t.app, 'getSubscriber', undefined, person.token)).toEqual({
        subscriber: { entitlements: {}, subscriptions: {} },
      });
    });

    it('lists every product and makes the longest-lasting one in force the premium entitlement', async () => {
      const person = await signUp(t.app);
      const monthEnd = new Date(Date.now() + 30 * DAY);
      const yearEnd = new Date(Date.now() + 365 * DAY);
      await grant(person, { productIdentifier: 'monthly_subscription', expiresAt: monthEnd });
      await grant(person, {
        productIdentifier: 'annual_subscription',
        expiresAt: yearEnd,
        store: 'play_store',
      });
      await grant(person, {
        productIdentifier: 'rc_promo_premium_weekly',
        expiresAt: new Date(Date.now() - DAY),
      });

      const { subscriber } = await callOk(t.app, 'getSubscriber', undefined, person.token);
      expect(subscriber.entitlements.premium).toMatchObject({
        product_identifier: 'annual_subscription',
        expires_date: yearEnd.toISOString(),
      });
      expect(Object.keys(subscriber.subscriptions).sort()).toEqual([
        'annual_subscription',
        'monthly_subscription',
        'rc_promo_premium_weekly',
      ]);
      expect(subscriber.subscriptions.annual_subscription).toEqual({
        expires_date: yearEnd.toISOString(),
        purchase_date: expect.any(String),
        period_type: 'normal',
        store: 'play_store',
        is_sandbox: false,
        // RevenueCat's field, null while payments go through.
        billing_issues_detected_at: null,
      });
    });

    it('prefers a purchase that never lapses over any dated one', async () => {
      const person = await signUp(t.app);
      await grant(person, {
        productIdentifier: 'annual_subscription',
        expiresAt: new Date(Date.now() + 300 * DAY),
      });
      await grant(person, {
        productIdentifier: 'rc_promo_premium_lifetime',
        expiresAt: null,
        store: 'promotional',
      });
      const { subscriber } = await callOk(t.app, 'getSubscriber', undefined, person.token);
      expect(subscriber.entitlements.premium).toMatchObject({
        product_identifier: 'rc_promo_premium_lifetime',
        expires_date: null,
      });
    });

    it('keeps the most recently expired product as premium when nothing is in force', async () => {
      const person = await signUp(t.app);
      const lastWeek = new Date(Date.now() - 7 * DAY);
      const yesterday = new Date(Date.now() - DAY);
      await grant(person, { productIdentifier: 'monthly_subscription', expiresAt: lastWeek });
      await grant(person, { productIdentifier: 'annual_subscription', expiresAt: yesterday });
      const { subscriber } = await callOk(t.app, 'getSubscriber', undefined, person.token);
      expect(subscriber.entitlements.premium).toMatchObject({
        product_identifier: 'annual_subscription',
        expires_date: yesterday.toISOString(),
      });
    });
  });

  describe('applyEntitlement', () => {
    it('never lets an older observation overwrite a newer one, and applies an equal or newer one', async () => {
      const person = await signUp(t.app);
      const base = Date.now();
      const newer = new Date(base + 60 * DAY);
      expect(await grant(person, { expiresAt: newer, observedAt: new Date(base) })).toBe(true);
      expect(
        await grant(person, { expiresAt: new Date(base + DAY), observedAt: new Date(base - 1000) }),
      ).toBe(false);
      let { subscriber } = await callOk(t.app, 'getSubscriber', undefined, person.token);
      expect(subscriber.subscriptions.monthly_subscription?.expires_date).toBe(newer.toISOString());

      const later = new Date(base + 90 * DAY);
      expect(await grant(person, { expiresAt: later, observedAt: new Date(base + 1000) })).toBe(true);
      ({ subscriber } = await callOk(t.app, 'getSubscriber', undefined, person.token));
      expect(subscriber.subscriptions.monthly_subscription?.expires_date).toBe(later.toISOString());
    });

    it('takes part in the caller transaction: a rollback undoes it', async () => {
      const person = await signUp(t.app);
      await expect(
        t.database.db.transaction(async (tx) => {
          await applyEntitlement(tx, {
            userId: person.uid,
            productIdentifier: 'annual_subscription',
            store: 'app_store',
            periodType: 'normal',
            purchasedAt: new Date(),
            expiresAt: null,
            isSandbox: false,
            sourceRef: null,
            observedAt: new Date(),
          });
          throw new Error('the caller failed after granting');
        }),
      ).rejects.toThrow('the caller failed');
      expect(await callOk(t.app, 'getSubscriber', undefined, person.token)).toEqual({
        subscriber: { entitlements: {}, subscriptions: {} },
      });
    });
  });

  describe('GET /api/subscribers/{userId} (the entitlement service)', () => {
    let person: Person;
    beforeAll(async () => {
      person = await signUp(t.app);
      await grant(person, { productIdentifier: 'annual_subscription' });
    });

    it('serves the subscriber with the right key', async () => {
      const res = await service(t, person.uid, `Bearer ${API_KEY}`);
      expect(res.statusCode).toBe(200);
      const body = res.json() as { success: true; data: { subscriber: { entitlements: object } } };
      expect(body.success).toBe(true);
      expect(body.data.subscriber.entitlements).toMatchObject({
        premium: { product_identifier: 'annual_subscription' },
      });
      // The same object the signed-in user sees.
      expect(body.data).toEqual(await callOk(t.app, 'getSubscriber', undefined, person.token));
    });

    it.each([
      ['no Authorization header', undefined],
      ['a wrong key', 'Bearer entitlements-test-key-0123456789abcdeX'],
      ['the key as a prefix of a longer one', `Bearer ${API_KEY}extra`],
      ['the key without the Bearer scheme', API_KEY],
      ['the key under another scheme', `Basic ${API_KEY}`],
      ['an empty bearer', 'Bearer '],
    ])('refuses %s with a 401 in the envelope', async (_case, authorization) => {
      const res = await service(t, person.uid, authorization);
      expect(failureOf(res)).toEqual({
        status: 401,
        success: false,
        code: 'UNAUTHENTICATED',
        error: 'A valid entitlement service API key is required.',
      });
    });

    it("refuses a user's session token: the service takes the API key only", async () => {
      const res = await service(t, person.uid, bearer(person.token).authorization);
      expect(res.statusCode).toBe(401);
    });

    it('refuses everything, even an unknown user, when no key is configured', async () => {
      const other = await signUp(withoutKey.app);
      expect((await service(withoutKey, other.uid, `Bearer ${API_KEY}`)).statusCode).toBe(401);
      expect((await service(withoutKey, other.uid, 'Bearer ')).statusCode).toBe(401);
      expect((await service(withoutKey, 'nobody', undefined)).statusCode).toBe(401);
    });

    it('answers 404 for an unknown user, and 400 for an id that cannot be one', async () => {
      expect(failureOf(await service(t, 'no-such-user', `Bearer ${API_KEY}`))).toEqual({
        status: 404,
        success: false,
        code: 'NOT_FOUND',
        error: 'That user was not found.',
      });
      const blank = await service(t, '  ', `Bearer ${API_KEY}`);
      expect(failureOf(blank)).toEqual({
        status: 400,
        success: false,
        code: 'BAD_REQUEST',
        error: 'Invalid params: userId is required.',
      });
      // Longer than any id the router accepts in a path: refused before the route runs.
      expect((await service(t, 'x'.repeat(200), `Bearer ${API_KEY}`)).statusCode).toBe(414);
    });

    it('serves an empty subscriber for a known user without purchases', async () => {
      const fresh = await signUp(t.app);
      const res = await service(t, fresh.uid, `bearer ${API_KEY}`);
      expect(res.json()).toEqual({
        success: true,
        data: { subscriber: { entitlements: {}, subscriptions: {} } },
      });
    });

    it('is documented in OpenAPI', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
      const spec = res.json() as { paths: Record<string, unknown> };
      expect(Object.keys(spec.paths)).toContain('/api/subscribers/{userId}');
    });
  });

  it('getSubscriber and startFreeTrial need a session', async () => {
    expect((await call(t.app, 'getSubscriber')).statusCode).toBe(401);
    expect((await call(t.app, 'startFreeTrial')).statusCode).toBe(401);
  });
});
