import { accountExportFileName } from '@stillpoint/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, newsletterSignup, paymentSubscription, session } from '../src/db/schema';
import { EXPORTED_TABLES } from '../src/modules/account/data-map';
import { call, callOk, dataOf, type Person } from './support/api';
import { createTestApp, type TestApp, testConfig } from './support/app';
import { payGift, purchaseOfSession, startGift } from './support/gifts';
import { payOnHostedPage } from './support/payments';
import { type PersonWithData, personWithData } from './support/person-with-data';
import { until } from './support/webhook';

const config = testConfig();

/**
 * The copy of a person's data (exportAccount, docs/privacy.md "Export"): every table the data map
 * exports, the person's rows in it, nothing of anyone else, and nothing that acts for them.
 */
describe('downloading one’s data (exportAccount)', () => {
  let t: TestApp;
  let alice: PersonWithData;
  let bob: PersonWithData;
  let aliceSubscriptionId: string;

  /** A paid monthly plan on the local provider and a paid gift, bought while signed in. */
  async function buy(person: Person, email: string): Promise<{ subscriptionId: string }> {
    const checkout = await call(
      t.app,
      'createStripeCheckoutSessionForSubscription',
      { priceId: config.prices.monthly, cancelPath: '/subscription', successPath: '/subscription' },
      { token: person.token },
    );
    expect((await payOnHostedPage(t.app, checkout.json().data.url)).statusCode).toBe(303);
    const subscriptionOf = async () =>
      (
        await t.database.db
          .select({ id: paymentSubscription.id })
          .from(paymentSubscription)
          .where(eq(paymentSubscription.userId, person.uid))
      )[0]?.id;
    await until(async () => (await subscriptionOf()) !== undefined, 'the subscription');
    const gift = await startGift(t.app, config, { quantity: 2 }, { token: person.token });
    expect((await payGift(t.app, gift.url, email)).statusCode).toBe(303);
    await until(
      async () => (await purchaseOfSession(t.database.db, gift.sessionId)).status === 'paid',
      'the gift',
    );
    return { subscriptionId: (await subscriptionOf()) ?? '' };
  }

  beforeAll(async () => {
    t = await createTestApp();
    // Two people with the same kinds of data, so that a leak of one into the other shows.
    alice = await personWithData(t.app, config.publicUrl);
    bob = await personWithData(t.app, config.publicUrl);
    ({ subscriptionId: aliceSubscriptionId } = await buy(alice, 'alice@example.com'));
    await buy(bob, 'bob@example.com');
    for (const person of [alice, bob]) {
      await callOk(
        t.app,
        'sendFeedback',
        { content: `Feedback from ${person.uid}`, location: 'web app feedback - home' },
        person.token,
      );
    }
    // A Google sign-in of Alice's, with the tokens Google hands out, which must never be exported.
    await t.database.db.insert(account).values({
      id: 'acct_alice_google',
      accountId: 'google-sub-alice',
      providerId: 'google',
      userId: alice.uid,
      accessToken: 'ya29.alice-access-token-secret',
      refreshToken: '1//alice-refresh-token-secret',
      idToken: 'eyJalice.id-token.secret',
      scope: 'openid email',
    });
  });
  afterAll(() => t.close());

  it('lists every exported table, with the person’s sites, sessions, settings and purchases', async () => {
    const res = await call(t.app, 'exportAccount', undefined, { token: alice.token });
    const exported = dataOf('exportAccount', res);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${accountExportFileName(new Date(exported.exportedAt))}"`,
    );
    expect(exported).toMatchObject({ format: 1, uid: alice.uid });
    expect(Object.keys(exported.data).sort()).toEqual([...EXPORTED_TABLES].sort());
    // A header a person can read: what the file is, where the policy is, and each table in words.
    expect(Object.keys(exported)[0]).toBe('readme');
    expect(exported.readme.about).toMatch(/^A copy of everything Stillpoint keeps about you\./);
    expect(exported.readme.privacyPolicy).toBe(`${config.publicUrl}/privacy`);
    expect(Object.keys(exported.readme.tables).sort()).toEqual([...EXPORTED_TABLES].sort());
    expect(exported.readme.tables.browser_site).toMatch(/^Your sites/);
    for (const text of Object.values(exported.readme.tables)) expect(text).not.toBe('Data about you.');
    const { data } = exported;

    expect(data.user).toEqual([expect.objectContaining({ id: alice.uid, email: null })]);
    expect(data.browser_site?.map((row) => row.id).sort()).toEqual([...alice.siteIds].sort());
    expect(data.browser_site_session?.map((row) => row.id)).toEqual(alice.sessionIds);
    expect(data.intercept_outcome?.map((row) => row.id)).toEqual(alice.interceptIds);
    expect(data.feedblocking_settings).toEqual([
      expect.objectContaining({ userId: alice.uid, redditFeedblocking: false }),
    ]);
    expect(data.onboarding_answers).toEqual([expect.objectContaining({ hdyh: 'A friend' })]);
    expect(data.mobile_screen_time).toEqual([expect.objectContaining({ minutes: 42 })]);
    expect(data.mobile_app).toEqual([expect.objectContaining({ name: 'Photos' })]);
    expect(data.mobile_app_daily_usage).toEqual([expect.objectContaining({ appOpens: 3, minutesUsed: 12 })]);
    expect(data.referral_view?.map((row) => row.id)).toEqual([alice.referralViewId]);
    expect(data.deep_link?.map((row) => row.code)).toEqual([alice.deepLinkCode]);
    expect(data.feedback_message).toEqual([
      expect.objectContaining({ content: `Feedback from ${alice.uid}` }),
    ]);
    expect(data.session?.length).toBeGreaterThan(0);
    expect(data.account).toEqual([
      expect.objectContaining({ providerId: 'google', accountId: 'google-sub-alice' }),
    ]);

    // Purchases: the plan, its customer record, what it grants, and the gift with its two codes.
    expect(data.payment_subscription?.map((row) => row.id)).toEqual([aliceSubscriptionId]);
    expect(data.payment_customer).toHaveLength(1);
    expect(data.entitlement?.length).toBeGreaterThan(0);
    const [gift] = data.gift_purchase ?? [];
    expect(gift).toMatchObject({ quantity: 2, status: 'paid', purchaserEmail: 'alice@example.com' });
    expect(data.redemption_code).toHaveLength(2);
    for (const code of data.redemption_code ?? []) expect(code).not.toHaveProperty('redeemedByUserId');

    // Instants are plain ISO text.
    expect(typeof data.user?.[0]?.createdAt).toBe('string');
  });

  it('holds nothing of anyone else', async () => {
    const text = JSON.stringify(await callOk(t.app, 'exportAccount', undefined, alice.token));
    const bobsPhone = (await callOk(t.app, 'getUser', undefined, bob.token)).phoneNumber ?? '';
    for (const trace of [
      bob.uid,
      bobsPhone,
      ...bob.siteIds,
      ...bob.sessionIds,
      bob.deepLinkCode,
      'bob@example.com',
    ]) {
      expect(text).not.toContain(trace);
    }
  });

  it('holds no secret: no session token, no provider token, no unsubscribe key', async () => {
    await call(t.app, 'joinNewsletter', { email: 'alice@example.com' });
    await callOk(t.app, 'syncCurrentUser', { trialEmail: 'alice@example.com' }, alice.token);
    const data = await callOk(t.app, 'exportAccount', undefined, alice.token);
    const text = JSON.stringify(data);
    expect(data.data.newsletter_signup).toEqual([expect.objectContaining({ email: 'alice@example.com' })]);

    const tokens = await t.database.db
      .select({ token: session.token })
      .from(session)
      .where(eq(session.userId, alice.uid));
    const [signup] = await t.database.db
      .select({ unsubscribeToken: newsletterSignup.unsubscribeToken })
      .from(newsletterSignup)
      .where(eq(newsletterSignup.email, 'alice@example.com'));
    const secrets = [
      alice.token,
      ...tokens.map((row) => row.token),
      signup?.unsubscribeToken ?? 'no unsubscribe key',
      'ya29.alice-access-token-secret',
      '1//alice-refresh-token-secret',
      'eyJalice.id-token.secret',
    ];
    for (const secret of secrets) expect(text).not.toContain(secret);
    for (const column of [
      'token',
      'accessToken',
      'refreshToken',
      'idToken',
      'password',
      'unsubscribeToken',
      'tokenHash',
    ]) {
      expect(text).not.toContain(`"${column}"`);
    }
  });

  it('is for the signed-in person only', async () => {
    expect((await call(t.app, 'exportAccount')).statusCode).toBe(401);
  });
});
