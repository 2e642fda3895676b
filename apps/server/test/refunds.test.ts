import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entitlement, paymentSubscription, processedPaymentEvent } from '../src/db/schema';
import { LocalPaymentProvider } from '../src/integrations/payments/local/local-provider';
import { LocalStore } from '../src/integrations/payments/local/store';
import { createPaymentsForSupport } from '../src/modules/payments/refunds';
import type { PaymentsForSupport } from '../src/modules/payments/support';
import { call, callOk, type Person, signUp } from './support/api';
import { createTestApp, type TestApp, testConfig } from './support/app';
import { postForm } from './support/local-payments';
import {
  type CapturedWebhook,
  capturingDelivery,
  deliverPaymentWebhook,
  payOnHostedPage,
} from './support/payments';
import { until } from './support/webhook';

const config = testConfig();
const ANNUAL_CENTS = 4999;

describe('refunds through the local provider, end to end', () => {
  let t: TestApp;
  let store: LocalStore;
  const delivery = capturingDelivery();
  const providers: LocalPaymentProvider[] = [];
  /** What the admin endpoints call; each on its own provider instance, as on another server. */
  let support: PaymentsForSupport;
  let otherServer: PaymentsForSupport;

  beforeAll(async () => {
    t = await createTestApp({}, { paymentWebhookDelivery: delivery.deliver });
    delivery.attach(t.app);
    store = new LocalStore(t.database.db);
    const provider = () => {
      // No automatic redelivery: a test that pauses the webhook delivers the events itself.
      const instance = new LocalPaymentProvider(config, {
        db: t.database.db,
        log: pino({ level: 'silent' }),
        deliver: delivery.deliver,
        retryDelaysMs: [],
        clockIntervalMs: 3_600_000,
      });
      providers.push(instance);
      return instance;
    };
    support = createPaymentsForSupport({ db: t.database.db, provider: provider() });
    otherServer = createPaymentsForSupport({ db: t.database.db, provider: provider() });
  });
  afterAll(async () => {
    for (const provider of providers) await provider.close();
    await t.close();
  });

  const premiumOf = async (person: Person) =>
    (await callOk(t.app, 'getSubscriber', undefined, person.token)).subscriber.entitlements.premium ?? null;
  const hasPremium = async (person: Person) => {
    const premium = await premiumOf(person);
    return premium !== null && new Date(premium.expires_date ?? 0).getTime() > Date.now();
  };
  const subscriptionOf = async (person: Person) =>
    (
      await t.database.db.select().from(paymentSubscription).where(eq(paymentSubscription.userId, person.uid))
    )[0];
  const entitlementsOf = (person: Person) =>
    t.database.db.select().from(entitlement).where(eq(entitlement.userId, person.uid));
  /** What premium a person holds, without when it was last observed. */
  const premiumRows = async (person: Person) =>
    (await entitlementsOf(person)).map(({ productIdentifier, periodType, expiresAt, sourceRef }) => ({
      productIdentifier,
      periodType,
      expiresAt,
      sourceRef,
    }));
  const processedEvents = () => t.database.db.select().from(processedPaymentEvent);
  const refundEvents = (from: number) =>
    delivery.captured.slice(from).filter((webhook) => webhook.type === 'charge.refunded');
  const redeliver = async (webhook: CapturedWebhook) => {
    const res = await deliverPaymentWebhook(t.app, webhook.payload, webhook.signature);
    expect(res.statusCode).toBe(200);
  };

  /** Someone who bought the annual plan on the hosted page, charged today (no free days). */
  async function payingSubscriber() {
    const person = await signUp(t.app);
    const checkout = await call(
      t.app,
      'createStripeCheckoutSessionForSubscription',
      {
        priceId: config.prices.annual,
        cancelPath: '/subscription',
        successPath: '/subscription',
        skipTrial: 'true',
      },
      { token: person.token },
    );
    expect(checkout.statusCode).toBe(200);
    expect((await payOnHostedPage(t.app, checkout.json().data.url)).statusCode).toBe(303);
    await until(() => hasPremium(person), 'the paid plan');
    const [payment, ...others] = await support.listPaymentsOf(person.uid);
    if (!payment) throw new Error('no payment listed');
    expect(others).toEqual([]);
    return { person, payment };
  }

  describe("a person's payments", () => {
    it('lists the plan paid today, what was bought and that nothing is refunded', async () => {
      const { payment } = await payingSubscriber();
      expect(payment).toEqual({
        id: expect.stringMatching(/^ch_local_/),
        amountCents: ANNUAL_CENTS,
        currency: 'usd',
        paidAt: expect.any(String),
        refundedCents: 0,
        description: 'Stillpoint Premium, yearly',
      });
      expect(Math.abs(new Date(payment.paidAt).getTime() - Date.now())).toBeLessThan(60_000);
    });

    it('names whose payment an id is, and nobody for an unknown one', async () => {
      const { person, payment } = await payingSubscriber();
      expect(await support.ownerOfPayment(payment.id)).toBe(person.uid);
      expect(await support.ownerOfPayment('ch_local_000000000000000000000000')).toBeNull();
      expect(await support.ownerOfPayment('not an id')).toBeNull();
    });

    it('is an empty list for someone who never paid', async () => {
      expect(await support.listPaymentsOf((await signUp(t.app)).uid)).toEqual([]);
      expect(await support.listPaymentsOf('no-such-user')).toEqual([]);
    });
  });

  it('a full refund ends premium when its webhook arrives: the plan is canceled at the provider without another refund', async () => {
    const { person, payment } = await payingSubscriber();
    const from = delivery.captured.length;
    const refund = await support.refundPayment({ userId: person.uid, paymentId: payment.id });
    expect(refund).toEqual({
      refundId: expect.stringMatching(/^re_local_/),
      amountCents: ANNUAL_CENTS,
      status: 'succeeded',
    });

    await until(async () => !(await hasPremium(person)), 'premium to end');
    expect((await subscriptionOf(person))?.status).toBe('canceled');
    const types = delivery.captured.slice(from).map((webhook) => webhook.type);
    expect(types).toEqual(
      expect.arrayContaining(['charge.refunded', 'refund.created', 'customer.subscription.deleted']),
    );
    expect(await support.listPaymentsOf(person.uid)).toEqual([{ ...payment, refundedCents: ANNUAL_CENTS }]);
    // One refund only: ending the plan refunded nothing more.
    expect(await store.listRefundsOf(payment.id)).toHaveLength(1);
    const state = await callOk(t.app, 'getSubscriptionState', undefined, person.token);
    expect(state).toMatchObject({ isExpired: true });

    // Once the provider's own cancellation event has been fulfilled too, the same webhooks again
    // change nothing more.
    const deleted = () =>
      delivery.captured.slice(from).find((webhook) => webhook.type === 'customer.subscription.deleted');
    await until(
      async () => (await processedEvents()).some((row) => row.eventId === deleted()?.id),
      'the cancellation webhook to be fulfilled',
    );
    const entitlementsBefore = await entitlementsOf(person);
    const processedBefore = (await processedEvents()).length;
    const providerEventsBefore = delivery.captured.length;
    for (const webhook of delivery.captured.slice(from, providerEventsBefore)) await redeliver(webhook);
    expect(await entitlementsOf(person)).toEqual(entitlementsBefore);
    expect((await processedEvents()).length).toBe(processedBefore);
    // Nothing more happened at the provider: no second cancel, no event.
    expect(delivery.captured.length).toBe(providerEventsBefore);
    expect(await store.listRefundsOf(payment.id)).toHaveLength(1);
  });

  it('a partial refund keeps premium as it is, and the payment shows what was refunded', async () => {
    const { person, payment } = await payingSubscriber();
    const entitlementsBefore = await entitlementsOf(person);
    const from = delivery.captured.length;
    const refund = await support.refundPayment({
      userId: person.uid,
      paymentId: payment.id,
      amountCents: 1000,
    });
    expect(refund).toMatchObject({ amountCents: 1000, status: 'succeeded' });

    const [refunded] = refundEvents(from);
    if (!refunded) throw new Error('no charge.refunded delivered');
    await until(
      async () => (await processedEvents()).some((row) => row.eventId === refunded.id),
      'the refund webhook to be fulfilled',
    );
    expect(await support.listPaymentsOf(person.uid)).toEqual([{ ...payment, refundedCents: 1000 }]);
    expect(await hasPremium(person)).toBe(true);
    expect((await subscriptionOf(person))?.status).toBe('active');
    expect(await entitlementsOf(person)).toEqual(entitlementsBefore);

    // Delivered twice: nothing more.
    await redeliver(refunded);
    expect(await entitlementsOf(person)).toEqual(entitlementsBefore);
    expect((await subscriptionOf(person))?.status).toBe('active');

    // The rest refunded: now it is a full refund, and premium ends.
    const rest = await support.refundPayment({ userId: person.uid, paymentId: payment.id });
    expect(rest.amountCents).toBe(ANNUAL_CENTS - 1000);
    await until(async () => !(await hasPremium(person)), 'premium to end');
    expect(await support.listPaymentsOf(person.uid)).toEqual([{ ...payment, refundedCents: ANNUAL_CENTS }]);
  });

  it("leaves premium on after a full refund of an older period's payment, and ends it with the latest one's", async () => {
    const { person, payment: first } = await payingSubscriber();
    // The test clock renews the plan: a second payment, for the period now in force.
    const state = await callOk(t.app, 'getSubscriptionState', undefined, person.token);
    const portal = new URL(state?.managementUrl ?? '').pathname;
    expect((await postForm(t.app, `${portal}/clock/advance`, {})).statusCode).toBe(303);
    await until(async () => (await support.listPaymentsOf(person.uid)).length === 2, 'the renewal');
    const [renewal, older] = await support.listPaymentsOf(person.uid);
    expect(older?.id).toBe(first.id);
    if (!renewal) throw new Error('no renewal');
    const premiumBefore = await premiumRows(person);

    const from = delivery.captured.length;
    await support.refundPayment({ userId: person.uid, paymentId: first.id });
    const [refunded] = refundEvents(from);
    if (!refunded) throw new Error('no charge.refunded delivered');
    await until(
      async () => (await processedEvents()).some((row) => row.eventId === refunded.id),
      'the refund webhook to be fulfilled',
    );
    expect(await hasPremium(person)).toBe(true);
    expect((await subscriptionOf(person))?.status).toBe('active');
    expect(await premiumRows(person)).toEqual(premiumBefore);

    await support.refundPayment({ userId: person.uid, paymentId: renewal.id });
    await until(async () => !(await hasPremium(person)), 'premium to end');
    expect((await subscriptionOf(person))?.status).toBe('canceled');
  });

  it('tolerates refund events out of order: the later, full refund first, then the earlier, partial one', async () => {
    const { person, payment } = await payingSubscriber();
    const from = delivery.captured.length;
    delivery.pause();
    try {
      await support.refundPayment({ userId: person.uid, paymentId: payment.id, amountCents: 999 });
      await support.refundPayment({ userId: person.uid, paymentId: payment.id });
    } finally {
      delivery.resume();
    }
    const [partial, full] = refundEvents(from);
    if (!partial || !full) throw new Error('expected two charge.refunded events');
    // Nothing delivered yet: premium is still on.
    expect(await hasPremium(person)).toBe(true);

    await redeliver(full);
    await until(async () => !(await hasPremium(person)), 'premium to end');
    const ended = await premiumRows(person);
    await redeliver(partial);
    await redeliver(full);
    expect(await premiumRows(person)).toEqual(ended);
    expect(await hasPremium(person)).toBe(false);
    expect((await subscriptionOf(person))?.status).toBe('canceled');
    expect(await store.listRefundsOf(payment.id)).toHaveLength(2);
  });

  describe('refusals', () => {
    it("refuses someone else's payment, an unknown one and anyone without payments as not found", async () => {
      const { payment } = await payingSubscriber();
      const other = await payingSubscriber();
      const stranger = await signUp(t.app);
      for (const [userId, paymentId] of [
        [other.person.uid, payment.id],
        [stranger.uid, payment.id],
        [other.person.uid, 'ch_local_000000000000000000000000'],
        [other.person.uid, 'not an id'],
      ] as const) {
        await expect(support.refundPayment({ userId, paymentId })).rejects.toMatchObject({
          code: 'NOT_FOUND',
          message: 'That payment was not found.',
        });
      }
      expect(await store.listRefundsOf(payment.id)).toEqual([]);
    });

    it('refuses more than is left with a readable 400, and a payment refunded in full', async () => {
      const { person, payment } = await payingSubscriber();
      const refund = (amountCents?: number) =>
        support.refundPayment({
          userId: person.uid,
          paymentId: payment.id,
          ...(amountCents ? { amountCents } : {}),
        });
      await expect(refund(ANNUAL_CENTS + 1)).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: '$50.00 is more than is left to refund: at most $49.99 of this payment can be refunded.',
      });
      await refund(4000);
      await expect(refund(1000)).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: '$10.00 is more than is left to refund: at most $9.99 of this payment can be refunded.',
      });
      await expect(
        support.refundPayment({ userId: person.uid, paymentId: payment.id, amountCents: 0 }),
      ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
      await refund();
      await expect(refund()).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: 'This payment has been refunded in full already.',
      });
      expect((await store.listRefundsOf(payment.id)).map((made) => made.amount)).toEqual([
        4000,
        ANNUAL_CENTS - 4000,
      ]);
    });
  });

  describe('at the same time', () => {
    it('refunds once however many full refunds are asked for at once, on one server or two', async () => {
      const { person, payment } = await payingSubscriber();
      const input = { userId: person.uid, paymentId: payment.id };
      const results = await Promise.allSettled([
        support.refundPayment(input),
        support.refundPayment(input),
        otherServer.refundPayment(input),
        otherServer.refundPayment(input),
      ]);
      const made = await store.listRefundsOf(payment.id);
      expect(made).toHaveLength(1);
      expect(made[0]?.amount).toBe(ANNUAL_CENTS);
      for (const result of results) {
        if (result.status === 'fulfilled') expect(result.value.refundId).toBe(made[0]?.id);
        else expect(result.reason).toMatchObject({ code: 'BAD_REQUEST' });
      }
      expect(results.some((result) => result.status === 'fulfilled')).toBe(true);
      expect((await support.listPaymentsOf(person.uid))[0]?.refundedCents).toBe(ANNUAL_CENTS);
    });

    it('makes one refund of a double click on a partial refund: both asked against the same refunded amount', async () => {
      const { person, payment } = await payingSubscriber();
      const provider = providers[0];
      if (!provider) throw new Error('no provider');
      // Both clicks read the payment before either refunds, as two requests at once can.
      let read = 0;
      let bothRead = () => {};
      const bothHaveRead = new Promise<void>((resolve) => {
        bothRead = resolve;
      });
      const clicks = new Proxy(provider, {
        get(target, property) {
          if (property === 'retrievePayment') {
            return async (id: string) => {
              const found = await target.retrievePayment(id);
              read += 1;
              if (read === 2) bothRead();
              await bothHaveRead;
              return found;
            };
          }
          const value = Reflect.get(target, property, target);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
      const console = createPaymentsForSupport({ db: t.database.db, provider: clicks });
      const input = { userId: person.uid, paymentId: payment.id, amountCents: 1000 };
      const [first, second] = await Promise.all([console.refundPayment(input), console.refundPayment(input)]);
      expect(second.refundId).toBe(first.refundId);
      expect((await store.listRefundsOf(payment.id)).map((made) => made.amount)).toEqual([1000]);
      expect((await support.listPaymentsOf(person.uid))[0]?.refundedCents).toBe(1000);
    });

    it('never refunds beyond what is left when two different amounts race', async () => {
      const { person, payment } = await payingSubscriber();
      const results = await Promise.allSettled([
        support.refundPayment({ userId: person.uid, paymentId: payment.id, amountCents: 3000 }),
        otherServer.refundPayment({ userId: person.uid, paymentId: payment.id, amountCents: 2500 }),
      ]);
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      const refused = results.find((result) => result.status === 'rejected');
      expect(refused?.reason).toMatchObject({ code: 'BAD_REQUEST' });
      const made = await store.listRefundsOf(payment.id);
      expect(made).toHaveLength(1);
      expect((await support.listPaymentsOf(person.uid))[0]?.refundedCents).toBe(made[0]?.amount);
      expect(await hasPremium(person)).toBe(true);
    });
  });
});
