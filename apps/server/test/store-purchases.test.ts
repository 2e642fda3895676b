import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callOk, failureOf, type Person, signUp } from './support/api';
import { createTestApp, type TestApp } from './support/app';
import { postRevenueCat, revenueCatBody } from './support/payments';

const AUTH = 'Bearer revenuecat-shared-secret-for-tests';
const DAY = 86_400_000;

// RevenueCat posts store purchases from the mobile app; payloads follow its published samples.
describe('store purchases (RevenueCat webhook)', () => {
  let t: TestApp;
  let unconfigured: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ revenueCatWebhookAuth: AUTH });
    unconfigured = await createTestApp({ revenueCatWebhookAuth: null });
  });
  afterAll(async () => {
    await t.close();
    await unconfigured.close();
  });

  const send = (body: unknown) => postRevenueCat(t.app, body, AUTH);
  const subscriberOf = async (person: Person) =>
    (await callOk(t.app, 'getSubscriber', undefined, person.token)).subscriber;
  const stateOf = (person: Person) => callOk(t.app, 'getSubscriptionState', undefined, person.token);
  const event = (person: Person, fields: Record<string, unknown>) =>
    revenueCatBody({
      app_user_id: person.uid,
      original_app_user_id: person.uid,
      aliases: [person.uid],
      ...fields,
    });

  it('grants premium for an App Store purchase, managed in the App Store', async () => {
    const person = await signUp(t.app);
    const expires = Date.now() + 30 * DAY;
    const res = await send(event(person, { type: 'INITIAL_PURCHASE', expiration_at_ms: expires }));
    expect(res.json()).toEqual({ success: true, data: { received: true } });

    const subscriber = await subscriberOf(person);
    expect(subscriber.entitlements.premium).toMatchObject({
      product_identifier: 'monthly_subscription',
      expires_date: new Date(expires).toISOString(),
    });
    expect(subscriber.subscriptions.monthly_subscription).toMatchObject({
      store: 'app_store',
      period_type: 'normal',
      is_sandbox: false,
    });
    expect(await stateOf(person)).toMatchObject({
      name: 'premium monthly',
      detailedInfo: 'Billed through the App Store.',
      managementUrl: 'https://apps.apple.com/account/subscriptions',
      isTrial: false,
      isExpired: false,
    });
  });

  it('renews, moves to another product at the renewal after the change, keeps access after a cancellation, and ends on expiration', async () => {
    const person = await signUp(t.app);
    const t0 = Date.now() - 70 * DAY;
    const firstEnd = t0 + 30 * DAY;
    await send(
      event(person, {
        type: 'INITIAL_PURCHASE',
        event_timestamp_ms: t0,
        purchased_at_ms: t0,
        expiration_at_ms: firstEnd,
      }),
    );

    const renewedEnd = firstEnd + 30 * DAY;
    await send(
      event(person, {
        type: 'RENEWAL',
        event_timestamp_ms: firstEnd,
        purchased_at_ms: firstEnd,
        expiration_at_ms: renewedEnd,
      }),
    );
    expect((await subscriberOf(person)).entitlements.premium?.expires_date).toBe(
      new Date(renewedEnd).toISOString(),
    );

    // The change is announced mid-period; the monthly plan runs on until the period ends.
    await send(
      event(person, {
        type: 'PRODUCT_CHANGE',
        product_id: 'monthly_subscription',
        new_product_id: 'annual_subscription',
        event_timestamp_ms: firstEnd + 15 * DAY,
        expiration_at_ms: renewedEnd,
      }),
    );
    let subscriber = await subscriberOf(person);
    expect(subscriber.subscriptions.annual_subscription).toBeUndefined();
    expect(subscriber.subscriptions.monthly_subscription?.expires_date).toBe(
      new Date(renewedEnd).toISOString(),
    );

    // At the period's end the renewal names the new product.
    const annualEnd = renewedEnd + 365 * DAY;
    await send(
      event(person, {
        type: 'RENEWAL',
        product_id: 'annual_subscription',
        event_timestamp_ms: renewedEnd,
        purchased_at_ms: renewedEnd,
        expiration_at_ms: annualEnd,
      }),
    );
    subscriber = await subscriberOf(person);
    expect(subscriber.entitlements.premium?.product_identifier).toBe('annual_subscription');
    expect((await stateOf(person))?.name).toBe('premium yearly');

    const cancelledAt = Date.now() - 1000;
    await send(
      event(person, {
        type: 'CANCELLATION',
        product_id: 'annual_subscription',
        cancel_reason: 'UNSUBSCRIBE',
        event_timestamp_ms: cancelledAt,
        expiration_at_ms: annualEnd,
      }),
    );
    expect(await stateOf(person)).toMatchObject({ name: 'premium yearly', isExpired: false });

    const expiredAt = Date.now();
    await send(
      event(person, {
        type: 'EXPIRATION',
        product_id: 'annual_subscription',
        expiration_reason: 'UNSUBSCRIBE',
        event_timestamp_ms: expiredAt,
        expiration_at_ms: expiredAt - 500,
      }),
    );
    subscriber = await subscriberOf(person);
    expect(subscriber.entitlements.premium?.product_identifier).toBe('annual_subscription');
    const state = await stateOf(person);
    expect(state).toMatchObject({ isExpired: true, daysLeft: 0 });
    expect(state?.info).toMatch(/^Your subscription expired on /);
  });

  it('ends in the newest state when events arrive out of order, and a repeat changes nothing', async () => {
    const person = await signUp(t.app);
    const t0 = Date.now() - 10 * DAY;
    const purchase = event(person, {
      type: 'INITIAL_PURCHASE',
      event_timestamp_ms: t0,
      purchased_at_ms: t0,
      expiration_at_ms: Date.now() + 20 * DAY,
    });
    const expiration = event(person, {
      type: 'EXPIRATION',
      event_timestamp_ms: Date.now() - DAY,
      expiration_at_ms: Date.now() - DAY,
    });
    await send(expiration);
    await send(purchase);
    const afterBoth = await subscriberOf(person);
    expect((await stateOf(person))?.isExpired).toBe(true);

    await send(expiration);
    await send(purchase);
    expect(await subscriberOf(person)).toEqual(afterBoth);
  });

  it('manages Play Store purchases in Google Play and names sandbox ones', async () => {
    const person = await signUp(t.app);
    await send(
      event(person, { store: 'PLAY_STORE', environment: 'SANDBOX', product_id: 'annual_subscription' }),
    );
    expect(await stateOf(person)).toMatchObject({
      name: 'sandbox premium yearly',
      detailedInfo: 'Billed through Google Play.',
      managementUrl: 'https://play.google.com/store/account/subscriptions',
    });
  });

  it('grants a store trial as a trial, and a lifetime purchase for good', async () => {
    const person = await signUp(t.app);
    await send(event(person, { period_type: 'TRIAL', expiration_at_ms: Date.now() + 3 * DAY }));
    expect(await stateOf(person)).toMatchObject({ isTrial: true, daysLeft: 3 });

    await send(
      event(person, {
        type: 'NON_RENEWING_PURCHASE',
        product_id: 'rc_promo_premium_lifetime',
        store: 'PROMOTIONAL',
        period_type: 'PROMOTIONAL',
        expiration_at_ms: null,
      }),
    );
    const subscriber = await subscriberOf(person);
    expect(subscriber.entitlements.premium).toMatchObject({
      product_identifier: 'rc_promo_premium_lifetime',
      expires_date: null,
    });
    expect(await stateOf(person)).toMatchObject({
      name: 'premium lifetime',
      managementUrl: null,
      isExpired: false,
    });
  });

  it('finds the account among the aliases of an anonymous app user', async () => {
    const person = await signUp(t.app);
    await send(
      revenueCatBody({
        app_user_id: '$RCAnonymousID:12345678-1234-1234-1234-123456789123',
        original_app_user_id: '$RCAnonymousID:12345678-1234-1234-1234-123456789123',
        aliases: ['$RCAnonymousID:12345678-1234-1234-1234-123456789123', person.uid],
      }),
    );
    expect((await subscriberOf(person)).entitlements.premium?.product_identifier).toBe(
      'monthly_subscription',
    );
  });

  it('acknowledges without granting: a product that is not premium, a test event, an unknown user', async () => {
    const person = await signUp(t.app);
    for (const body of [
      event(person, { product_id: 'com.example.coins_100', type: 'NON_RENEWING_PURCHASE' }),
      event(person, { type: 'TEST' }),
      event(person, { type: 'BILLING_ISSUE' }),
      event(person, { store: 'AMAZON' }),
      revenueCatBody({ app_user_id: 'someone-else', original_app_user_id: 'someone-else', aliases: [] }),
    ]) {
      const res = await send(body);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, data: { received: true } });
    }
    expect(await subscriberOf(person)).toEqual({ entitlements: {}, subscriptions: {} });
  });

  it.each([
    ['no Authorization header', undefined],
    ['a wrong value', 'Bearer revenuecat-shared-secret-for-testz'],
    ['the value without its scheme', 'revenuecat-shared-secret-for-tests'],
  ])('refuses %s with a 401 and changes nothing', async (_case, authorization) => {
    const person = await signUp(t.app);
    const res = await postRevenueCat(t.app, event(person, {}), authorization);
    expect(failureOf(res)).toEqual({
      status: 401,
      success: false,
      code: 'UNAUTHENTICATED',
      error: 'The webhook authorization is missing or wrong.',
    });
    expect(await subscriberOf(person)).toEqual({ entitlements: {}, subscriptions: {} });
  });

  it('refuses every delivery when no authorization is configured', async () => {
    const person = await signUp(unconfigured.app);
    const res = await postRevenueCat(unconfigured.app, event(person, {}), AUTH);
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ['a body that is not JSON', '{"event": ', 'not valid JSON'],
    ['a body without an event', { api_version: '1.0' }, 'event'],
    ['an event without an id', revenueCatBody({ id: undefined }), 'event.id'],
    ['a timestamp that is text', revenueCatBody({ event_timestamp_ms: 'yesterday' }), 'event_timestamp_ms'],
    ['aliases that are not a list', revenueCatBody({ aliases: 'abc' }), 'aliases'],
    ['an array', [1, 2], 'Invalid body'],
  ])('answers %s with a readable 400', async (_case, body, mention) => {
    const res = await send(body);
    const failure = failureOf(res);
    expect(failure).toMatchObject({ status: 400, success: false, code: 'BAD_REQUEST' });
    expect(failure.error).toContain(mention);
  });
});
