import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entitlement, paymentSubscription } from '../src/db/schema';
import { applyEntitlement, hasUsedFreeTrialForUpdate } from '../src/modules/entitlements/service';
import { callOk, type Person, signUp } from './support/api';
import { createTestApp, type TestApp, testConfig } from './support/app';
import { testDatabaseKind } from './support/database';
import { postForm } from './support/local-payments';
import { capturingDelivery, deliverPaymentWebhook, payOnHostedPage } from './support/payments';
import { until } from './support/webhook';

const config = testConfig();

/**
 * The 7-day trial is once per person, whichever way it comes: the no-card trial (startFreeTrial)
 * or a checkout's trial. A checkout opened before the no-card trial started offers its trial; it is
 * decided again when the checkout is fulfilled, so the two can never be stacked, in any order and
 * under concurrent requests.
 */
describe('one trial per person: the no-card trial and a checkout trial are never both granted', () => {
  let t: TestApp;
  const delivery = capturingDelivery();
  beforeAll(async () => {
    t = await createTestApp({}, { paymentWebhookDelivery: delivery.deliver });
    delivery.attach(t.app);
  });
  afterAll(() => t.close());

  const checkout = async (person: Person, query: { deferPayment?: string } = {}) =>
    (
      await callOk(
        t.app,
        'createStripeCheckoutSessionForSubscription',
        {
          priceId: config.prices.annual,
          cancelPath: '/subscription',
          successPath: '/subscription?stripe_success=true',
          ...query,
        },
        person.token,
      )
    ).url;
  /** The hosted page's Pay button with the card fields left empty, as a deferred-payment trial allows. */
  const startWithoutCard = (url: string) =>
    postForm(t.app, new URL(url).pathname, { email: '', cardNumber: '', expiry: '', cvc: '' });
  const trialRows = (person: Person) =>
    t.database.db
      .select()
      .from(entitlement)
      .where(and(eq(entitlement.userId, person.uid), eq(entitlement.periodType, 'trial')));
  const webSubscriptionOf = async (person: Person) =>
    (
      await t.database.db.select().from(paymentSubscription).where(eq(paymentSubscription.userId, person.uid))
    )[0];
  const subscriberOf = async (person: Person) =>
    (await callOk(t.app, 'getSubscriber', undefined, person.token)).subscriber;
  /**
   * Until another connection's statement waits for a row lock. PGlite runs one statement at a
   * time, so there a request cannot get that far while a transaction is open: nothing to wait for.
   */
  const untilWaitingForALock = (what: string) =>
    testDatabaseKind() === 'postgres'
      ? until(async () => {
          const { rows } = (await t.database.db.execute(
            sql`select count(*)::int as waiting from pg_stat_activity
                where datname = current_database() and wait_event_type = 'Lock'`,
          )) as unknown as { rows: { waiting: number }[] };
          return (rows[0]?.waiting ?? 0) > 0;
        }, what)
      : Promise.resolve();

  it('a deferred-payment checkout opened before the no-card trial, completed after it, grants no second trial and is ended', async () => {
    const person = await signUp(t.app);
    const url = await checkout(person, { deferPayment: 'true' });
    expect((await t.app.inject({ url: new URL(url).pathname })).body).toContain('7 days free');
    expect(await callOk(t.app, 'startFreeTrial', {}, person.token)).toEqual({ startedTrial: true });

    expect((await startWithoutCard(url)).statusCode).toBe(303);
    // Without a card nothing can be charged: the subscription is canceled, and the person keeps
    // the no-card trial they already had.
    await until(async () => (await webSubscriptionOf(person))?.status === 'canceled', 'the cancellation');
    expect((await trialRows(person)).map((row) => row.productIdentifier)).toEqual([
      'rc_promo_premium_weekly',
    ]);
    const subscriber = await subscriberOf(person);
    expect(Object.keys(subscriber.subscriptions)).toEqual(['rc_promo_premium_weekly']);
    expect(await callOk(t.app, 'getSubscriptionState', undefined, person.token)).toMatchObject({
      isTrial: true,
      isExpired: false,
    });
    // Nothing live is left in the way of buying a plan later.
    expect(await callOk(t.app, 'getStripeCustomer', { userId: person.uid }, person.token)).toMatchObject({
      hasActiveSubscriptions: false,
    });
  });

  it('a checkout paid with a card after the no-card trial started is charged at once instead of trialing', async () => {
    const person = await signUp(t.app);
    const url = await checkout(person);
    expect(await callOk(t.app, 'startFreeTrial', {}, person.token)).toEqual({ startedTrial: true });

    expect((await payOnHostedPage(t.app, url)).statusCode).toBe(303);
    await until(async () => (await webSubscriptionOf(person))?.status === 'active', 'the first charge');
    expect((await trialRows(person)).map((row) => row.productIdentifier)).toEqual([
      'rc_promo_premium_weekly',
    ]);
    expect((await subscriberOf(person)).subscriptions.stillpoint_yearly_test).toMatchObject({
      period_type: 'normal',
    });
    expect(await callOk(t.app, 'getSubscriptionState', undefined, person.token)).toMatchObject({
      name: 'sandbox premium yearly',
      isTrial: false,
    });
  });

  it('still grants the checkout trial to someone who starts the no-card trial only afterwards (refused)', async () => {
    const person = await signUp(t.app);
    expect((await startWithoutCard(await checkout(person, { deferPayment: 'true' }))).statusCode).toBe(303);
    await until(async () => (await trialRows(person)).length > 0, 'the checkout trial');
    expect(await callOk(t.app, 'startFreeTrial', {}, person.token)).toEqual({ startedTrial: false });
    expect((await trialRows(person)).map((row) => row.productIdentifier)).toEqual(['stillpoint_yearly_test']);
    expect((await webSubscriptionOf(person))?.status).toBe('trialing');
  });

  it('startFreeTrial waits for a web trial being granted at that moment, then refuses', async () => {
    const person = await signUp(t.app);
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let decided = () => {};
    const whileDeciding = new Promise<void>((resolve) => {
      decided = resolve;
    });
    // What fulfilment does for a checkout's trial, held open between its decision and its commit.
    const granting = t.database.db.transaction(async (tx) => {
      expect(await hasUsedFreeTrialForUpdate(tx, person.uid)).toBe(false);
      decided();
      await released;
      await applyEntitlement(tx, {
        userId: person.uid,
        productIdentifier: 'stillpoint_yearly_test',
        store: 'stripe',
        periodType: 'trial',
        purchasedAt: new Date(),
        expiresAt: new Date(Date.now() + 7 * 86_400_000),
        isSandbox: true,
        sourceRef: 'sub_held_open',
        observedAt: new Date(),
      });
    });
    await whileDeciding;
    const trial = callOk(t.app, 'startFreeTrial', {}, person.token);
    // Released only once startFreeTrial waits for the lock the grant holds: without that lock it
    // would never wait, and would grant a second trial beside the uncommitted one.
    await untilWaitingForALock('startFreeTrial waiting for the trial lock');
    release();
    await granting;
    expect(await trial).toEqual({ startedTrial: false });
    expect((await trialRows(person)).map((row) => row.productIdentifier)).toEqual(['stillpoint_yearly_test']);
  });

  it('grants exactly one trial when startFreeTrial and the checkout completion race', async () => {
    // Each person's two requests start a few milliseconds apart, one way or the other, so that some
    // overlap and, across people, each side sometimes comes first.
    const headStarts = [0, 2, 5, 10, 20, 40, -2, -5, -10, -20];
    const people = await Promise.all(headStarts.map(() => signUp(t.app)));
    const held = new Map<string, { payload: string; signature: string }[]>();
    delivery.pause();
    try {
      for (const person of people) {
        const url = await checkout(person, { deferPayment: 'true' });
        const from = delivery.captured.length;
        expect((await startWithoutCard(url)).statusCode).toBe(303);
        held.set(person.uid, delivery.captured.slice(from));
      }
    } finally {
      delivery.resume();
    }
    const after = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
    const started = await Promise.all(
      people.map(async (person, index) => {
        const headStart = headStarts[index] ?? 0;
        const [trial] = await Promise.all([
          after(-headStart).then(() => callOk(t.app, 'startFreeTrial', {}, person.token)),
          ...(held.get(person.uid) ?? []).map((event) =>
            after(headStart).then(() => deliverPaymentWebhook(t.app, event.payload, event.signature)),
          ),
        ]);
        return trial.startedTrial;
      }),
    );
    for (const [index, person] of people.entries()) {
      // Whichever came first is the person's one trial; the other is refused or ended.
      const expected = started[index] ? 'canceled' : 'trialing';
      await until(
        async () => (await webSubscriptionOf(person))?.status === expected,
        `a ${expected} subscription`,
      );
      const trials = (await trialRows(person)).map((row) => row.productIdentifier);
      expect(trials).toEqual(started[index] ? ['rc_promo_premium_weekly'] : ['stillpoint_yearly_test']);
    }
  }, 60_000);
});
