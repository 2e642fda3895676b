import { ACCOUNT_DELETION_FRESH_SIGN_IN_MINUTES } from '@stillpoint/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftPurchase, paymentSubscription, session } from '../src/db/schema';
import { LocalStore } from '../src/integrations/payments/local/store';
import { applyEntitlement } from '../src/modules/entitlements/service';
import { call, callOk, dataOf, failureOf, type Person, signUp } from './support/api';
import { createTestApp, type TestApp, testConfig } from './support/app';
import { freshPhoneNumber, getUser } from './support/auth';
import { createExchangeToken, exchangeExtensionToken } from './support/extension-link';
import { codesOfSession, payGift, purchaseOfSession, redeem, startGift } from './support/gifts';
import { payOnHostedPage } from './support/payments';
import { personWithData } from './support/person-with-data';
import { changedTables, tableDigest } from './support/table-digest';
import { until } from './support/webhook';

const config = testConfig();
const MINUTE_MS = 60_000;

/**
 * Deleting an account through the API (docs/privacy.md, "Deleting an account"): only from a fresh
 * sign-in, the web subscription cancelled first, every token refused at once, nothing that names
 * the person left behind, and everyone else's data as it was.
 */
describe('deleting an account (deleteAccount)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const remove = (token: string, body: unknown = { confirm: 'DELETE' }) =>
    call(t.app, 'deleteAccount', body, { token });
  const exportOf = (person: Person) => callOk(t.app, 'exportAccount', undefined, person.token);
  /** Everything another person's export holds, without the moment it was made. */
  const dataOf_ = async (person: Person) => (await exportOf(person)).data;

  /** Makes the sign-in behind a token older than the deletion's window. */
  async function ageSessions(uid: string, minutes = ACCOUNT_DELETION_FRESH_SIGN_IN_MINUTES + 1) {
    await t.database.db
      .update(session)
      .set({ createdAt: new Date(Date.now() - minutes * MINUTE_MS) })
      .where(eq(session.userId, uid));
  }

  /**
   * Every place in the database, any text or JSON column of any table, that still holds `needle`.
   * The local test provider's own objects are the provider's records (Stripe keeps its own), not ours.
   */
  async function placesHolding(needle: string): Promise<string[]> {
    const columns = (await t.database.db.execute(sql`
      select table_name as "table", column_name as "column" from information_schema.columns
      where table_schema = 'public' and data_type in ('text', 'jsonb', 'ARRAY')
        and table_name <> 'local_payment_object'
    `)) as unknown as { rows: { table: string; column: string }[] };
    const found: string[] = [];
    for (const { table, column } of columns.rows) {
      const result = (await t.database.db.execute(
        sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)}::text like ${`%${needle}%`}`,
      )) as unknown as { rows: { n: number }[] };
      if ((result.rows[0]?.n ?? 0) > 0) found.push(`${table}.${column}`);
    }
    return found;
  }

  it('tells the account page how the account signs in and until when this sign-in is fresh', async () => {
    const phoneNumber = freshPhoneNumber();
    const before = Date.now();
    const person = await signUp(t.app, phoneNumber);
    const account = await callOk(t.app, 'getAccount', undefined, person.token);
    expect(account).toMatchObject({
      uid: person.uid,
      phoneNumber,
      email: null,
      signInMethods: ['PHONE_NUMBER'],
    });
    const until_ = Date.parse(account.freshSignInUntil ?? '');
    expect(until_).toBeGreaterThanOrEqual(before + ACCOUNT_DELETION_FRESH_SIGN_IN_MINUTES * MINUTE_MS - 1000);
    expect(until_).toBeLessThanOrEqual(Date.now() + ACCOUNT_DELETION_FRESH_SIGN_IN_MINUTES * MINUTE_MS);

    await ageSessions(person.uid);
    expect((await callOk(t.app, 'getAccount', undefined, person.token)).freshSignInUntil).toBeNull();
  });

  it('refuses without a fresh sign-in (403) and deletes nothing', async () => {
    const person = await personWithData(t.app, config.publicUrl);
    await ageSessions(person.uid);
    const before = await tableDigest(t.database.db);
    const res = await remove(person.token);
    expect(failureOf(res)).toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
      error: 'Sign in again to delete your account.',
    });
    expect(changedTables(before, await tableDigest(t.database.db))).toEqual([]);
    expect((await getUser(t.app, person.token)).statusCode).toBe(200);
  });

  it('refuses a body without the confirmation (400) and deletes nothing', async () => {
    const person = await signUp(t.app);
    const before = await tableDigest(t.database.db);
    for (const body of [{}, { confirm: 'delete' }, { confirm: 'DELETE', also: 1 }, []]) {
      expect((await remove(person.token, body)).statusCode).toBe(400);
    }
    expect(changedTables(before, await tableDigest(t.database.db))).toEqual([]);
  });

  it('deletes everything of the person, refuses every token of theirs at once, and leaves others alone', async () => {
    const phoneNumber = freshPhoneNumber();
    const person = await signUp(t.app, phoneNumber);
    const data = await personWithData(t.app, config.publicUrl);
    const other = await personWithData(t.app, config.publicUrl);
    // Build the person's data on their own account: personWithData signs up someone new each time.
    for (const siteOrigin of ['youtube.com', 'reddit.com']) {
      await callOk(t.app, 'addBrowserSite', { siteOrigin, budget: 2 }, person.token);
    }
    await callOk(t.app, 'updateBrowserSiteSettings', { facebookFeedblocking: false }, person.token);
    await callOk(t.app, 'syncCurrentUser', { trialEmail: 'erased.person@example.com' }, person.token);
    await callOk(
      t.app,
      'sendFeedback',
      { content: 'I like the pause.', location: 'web app feedback - home' },
      person.token,
    );
    await callOk(t.app, 'trackAnalyticsEvent', { name: 'page_view', properties: {} }, person.token);
    const extension = (
      await exchangeExtensionToken(t.app, await createExchangeToken(t.app, person.token))
    ).json().data.sessionToken as string;
    expect((await getUser(t.app, extension)).statusCode).toBe(200);
    const othersBefore = await dataOf_(other);

    const res = await remove(person.token);
    expect(dataOf('deleteAccount', res)).toEqual({
      deleted: true,
      subscription: { cancelled: false, refunded: false, cancelInStore: null },
    });

    // Both the web app's token and the extension's are refused at once; so is a second deletion.
    expect((await getUser(t.app, person.token)).statusCode).toBe(401);
    expect((await getUser(t.app, extension)).statusCode).toBe(401);
    expect(
      (await call(t.app, 'getBrowserSitesWithActiveAndTodaysSessions', undefined, { token: extension }))
        .statusCode,
    ).toBe(401);
    expect((await remove(person.token)).statusCode).toBe(401);

    // Nothing anywhere names them: not their id, their number, or their trial e-mail.
    expect(await placesHolding(person.uid)).toEqual([]);
    expect(await placesHolding(phoneNumber)).toEqual([]);
    expect(await placesHolding('erased.person@example.com')).toEqual([]);
    // Their feedback stays, without them.
    const feedback = (await t.database.db.execute(
      sql`select user_id, phone_number from feedback_message where content = 'I like the pause.'`,
    )) as unknown as { rows: { user_id: string | null; phone_number: string | null }[] };
    expect(feedback.rows).toEqual([{ user_id: null, phone_number: null }]);

    // Someone else's data is exactly as it was.
    expect(await dataOf_(other)).toEqual(othersBefore);
    expect((await getUser(t.app, data.token)).statusCode).toBe(200);

    // Signing in again with the same number makes a new, empty account.
    const again = await signUp(t.app, phoneNumber);
    expect(again.uid).not.toBe(person.uid);
    const fresh = await dataOf_(again);
    expect(fresh.browser_site).toEqual([]);
    expect(fresh.feedblocking_settings).toEqual([]);
    expect(fresh.feedback_message).toEqual([]);
    expect(fresh.user).toHaveLength(1);

    // And that new account can be deleted too.
    expect(dataOf('deleteAccount', await remove(again.token)).deleted).toBe(true);
  });

  it('cancels a web subscription at the local provider at once, without a refund', async () => {
    const person = await signUp(t.app);
    const checkout = await call(
      t.app,
      'createStripeCheckoutSessionForSubscription',
      { priceId: config.prices.monthly, cancelPath: '/subscription', successPath: '/subscription' },
      { token: person.token },
    );
    expect((await payOnHostedPage(t.app, checkout.json().data.url)).statusCode).toBe(303);
    const rowOf = async () =>
      (
        await t.database.db
          .select()
          .from(paymentSubscription)
          .where(eq(paymentSubscription.userId, person.uid))
      )[0];
    await until(async () => (await rowOf()) !== undefined, 'the subscription');
    const subscriptionId = (await rowOf())?.id ?? '';

    const res = await remove(person.token);
    expect(dataOf('deleteAccount', res).subscription).toEqual({
      cancelled: true,
      refunded: false,
      cancelInStore: null,
    });
    const atProvider = await new LocalStore(t.database.db).get('subscription', subscriptionId);
    expect(atProvider?.status).toBe('canceled');
    expect(await rowOf()).toBeUndefined();
  });

  it('says in which store to cancel a store subscription it cannot cancel itself', async () => {
    const person = await signUp(t.app);
    await applyEntitlement(t.database.db, {
      userId: person.uid,
      productIdentifier: 'monthly_subscription',
      store: 'app_store',
      periodType: 'normal',
      purchasedAt: new Date(Date.now() - 86_400_000),
      expiresAt: new Date(Date.now() + 10 * 86_400_000),
      isSandbox: false,
      sourceRef: null,
      observedAt: new Date(),
    });
    const res = await remove(person.token);
    expect(dataOf('deleteAccount', res).subscription).toEqual({
      cancelled: false,
      refunded: false,
      cancelInStore: 'app_store',
    });
  });

  it('keeps a gift the person bought working for its recipient, without the buyer', async () => {
    const buyer = await signUp(t.app);
    const recipient = await signUp(t.app);
    const { url, sessionId } = await startGift(t.app, config, { quantity: 1 }, { token: buyer.token });
    expect((await payGift(t.app, url, 'gift.buyer@example.com')).statusCode).toBe(303);
    await until(
      async () => (await purchaseOfSession(t.database.db, sessionId)).status === 'paid',
      'the gift',
    );
    const [code = ''] = await codesOfSession(t.database.db, sessionId);

    expect(dataOf('deleteAccount', await remove(buyer.token)).deleted).toBe(true);
    const [purchase] = await t.database.db
      .select()
      .from(giftPurchase)
      .where(eq(giftPurchase.checkoutSessionId, sessionId));
    expect(purchase).toMatchObject({ purchaserUserId: null, purchaserEmail: null, status: 'paid' });
    expect((await redeem(t.app, recipient, code)).statusCode).toBe(200);
    expect(await placesHolding('gift.buyer@example.com')).toEqual([]);
  });
});
