import { chargeDate, creditTrialEnd, DAY_MS, productIds } from '@stillpoint/core';
import { and, eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entitlement, paymentSubscription } from '../src/db/schema';
import type { EmailMessage, EmailSender } from '../src/integrations/email';
import { LocalPaymentProvider } from '../src/integrations/payments/local/local-provider';
import type { PaymentProvider, ProviderSubscription } from '../src/integrations/payments/provider';
import { ensureCustomer } from '../src/modules/payments/customers';
import { type FulfilmentDependencies, fulfilPaymentEvent } from '../src/modules/payments/fulfilment';
import { sendReceiptIfOwed } from '../src/modules/payments/receipt';
import { call, callOk, type Person, signUp } from './support/api';
import { createTestApp, type TestApp, testConfig } from './support/app';
import {
  capturingDelivery,
  deliverPaymentWebhook,
  fakeProvider,
  payOnHostedPage,
  providerSubscription,
  verifiedEvent,
} from './support/payments';
import { until } from './support/webhook';

const config = testConfig();
const HOUR_MS = 3_600_000;
const silent = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * Someone on the no-card trial who buys a plan keeps their remaining trial days: the plan's trial
 * ends when the no-card trial would have ended and nothing is charged today (with at least 48
 * hours left, as Stripe requires). Fulfilment grants that trial, once; the receipt goes out once.
 */
describe('trial credit: a plan bought during the no-card trial starts when that trial ends', () => {
  let t: TestApp;
  const delivery = capturingDelivery();
  const sent: EmailMessage[] = [];
  let failSends = 0;
  const emailSender: EmailSender = {
    send: async (message) => {
      if (failSends > 0) {
        failSends--;
        throw new Error('the mail server is down');
      }
      sent.push(message);
    },
  };
  // A provider on the app's database, to give a buyer's customer an e-mail address as an account
  // with one would have (phone accounts have none).
  let local: LocalPaymentProvider;

  beforeAll(async () => {
    t = await createTestApp({}, { paymentWebhookDelivery: delivery.deliver, emailSender });
    delivery.attach(t.app);
    local = new LocalPaymentProvider(config, {
      db: t.database.db,
      log: pino({ level: 'silent' }),
      deliver: async () => ({ status: 200 }),
    });
  });
  afterAll(async () => {
    await local.close();
    await t.close();
  });

  const onNoCardTrial = async (email: string | null = null) => {
    const person = await signUp(t.app);
    expect(await callOk(t.app, 'startFreeTrial', {}, person.token)).toEqual({ startedTrial: true });
    if (email) await ensureCustomer(t.database.db, local, { id: person.uid, email });
    return person;
  };
  const promoRow = async (person: Person) =>
    (
      await t.database.db
        .select()
        .from(entitlement)
        .where(
          and(eq(entitlement.userId, person.uid), eq(entitlement.productIdentifier, productIds.promoWeekly)),
        )
    )[0];
  const noCardEnd = async (person: Person) => {
    const end = (await promoRow(person))?.expiresAt;
    if (!end) throw new Error('no no-card trial on record');
    return end;
  };
  const checkout = async (person: Person, priceId = config.prices.annual) =>
    (
      await callOk(
        t.app,
        'createStripeCheckoutSessionForSubscription',
        { priceId, cancelPath: '/subscription', successPath: '/subscription?stripe_success=true' },
        person.token,
      )
    ).url;
  const pageText = async (url: string) =>
    (await t.app.inject({ url: new URL(url).pathname })).body.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
  const webSubscriptionOf = async (person: Person) =>
    (
      await t.database.db.select().from(paymentSubscription).where(eq(paymentSubscription.userId, person.uid))
    )[0];
  const subscriberOf = async (person: Person) =>
    (await callOk(t.app, 'getSubscriber', undefined, person.token)).subscriber;
  const eventsOf = (subscriptionId: string) =>
    delivery.captured.filter((event) => event.payload.includes(subscriptionId));

  it('offers the rest of the trial: $0.00 due today and the first charge when the trial would have ended', async () => {
    const person = await onNoCardTrial();
    const endsAt = creditTrialEnd(await noCardEnd(person));
    const day = chargeDate(endsAt, { utc: true });

    expect(await callOk(t.app, 'getCheckoutTerms', { priceId: config.prices.annual }, person.token)).toEqual({
      trial: 'credit',
      trialEndsAt: endsAt.toISOString(),
      dueToday: 0,
      firstChargeAt: endsAt.toISOString(),
      firstChargeAmount: 4999,
      currency: 'usd',
    });
    const url = await checkout(person);
    const text = await pageText(url);
    expect(text).toContain(`Free until ${day}, then $49.99/year`);
    expect(text).toContain('$0.00 due today');
    expect(text).toContain(`First charge: $49.99 on ${day}`);
    expect(text).toContain('Total due today $0.00');

    expect((await payOnHostedPage(t.app, url)).statusCode).toBe(303);
    await until(
      async () =>
        (await subscriberOf(person)).entitlements.premium !== undefined &&
        (await subscriberOf(person)).entitlements.premium?.product_identifier === 'stillpoint_yearly_test',
      'the plan granted',
    );
    const subscription = await webSubscriptionOf(person);
    expect(subscription).toMatchObject({ status: 'trialing', trialEnd: endsAt });
    const subscriber = await subscriberOf(person);
    // The plan's trial, ending with the no-card trial, is the premium in force; the no-card trial stays on record.
    expect(subscriber.entitlements.premium).toMatchObject({
      product_identifier: 'stillpoint_yearly_test',
      expires_date: endsAt.toISOString(),
    });
    expect(subscriber.subscriptions.stillpoint_yearly_test).toMatchObject({ period_type: 'trial' });
    expect(subscriber.subscriptions[productIds.promoWeekly]).toBeDefined();
    expect(await callOk(t.app, 'getSubscriptionState', undefined, person.token)).toMatchObject({
      name: 'sandbox premium yearly',
      isTrial: true,
      isExpired: false,
    });
    expect(await callOk(t.app, 'getPurchaseSummary', undefined, person.token)).toEqual({
      kind: 'plan',
      plan: 'annual',
      trialEndsAt: endsAt.toISOString(),
      firstCharge: { at: endsAt.toISOString(), amount: 4999, currency: 'usd', paid: false },
      cancelAtPeriodEnd: false,
      receiptSentTo: null,
    });
    // Every event of the purchase has been fulfilled, and none ended the trial as a second one.
    await until(async () => (await webSubscriptionOf(person))?.receiptSentAt != null, 'the receipt settled');
    expect((await webSubscriptionOf(person))?.status).toBe('trialing');
  });

  it('with under 48 hours left carries nothing over, and the page says what is charged today', async () => {
    const person = await onNoCardTrial();
    await t.database.db
      .update(entitlement)
      .set({ expiresAt: new Date(Date.now() + 47 * HOUR_MS) })
      .where(
        and(eq(entitlement.userId, person.uid), eq(entitlement.productIdentifier, productIds.promoWeekly)),
      );

    const terms = await callOk(t.app, 'getCheckoutTerms', { priceId: config.prices.annual }, person.token);
    expect(terms).toMatchObject({
      trial: 'none',
      trialEndsAt: null,
      dueToday: 4999,
      firstChargeAmount: 4999,
    });
    expect(Math.abs(Date.parse(terms.firstChargeAt) - Date.now())).toBeLessThan(60_000);
    const url = await checkout(person);
    const text = await pageText(url);
    expect(text).toContain('$49.99 due today');
    expect(text).not.toContain('Free until');
    expect(text).not.toContain('days free');

    expect((await payOnHostedPage(t.app, url)).statusCode).toBe(303);
    await until(async () => (await webSubscriptionOf(person))?.status === 'active', 'the first charge');
    expect((await webSubscriptionOf(person))?.trialEnd).toBeNull();
    expect((await subscriberOf(person)).subscriptions.stillpoint_yearly_test).toMatchObject({
      period_type: 'normal',
    });
  });

  it("carries over on the embedded form's subscription too, when the form asks for free days", async () => {
    const person = await onNoCardTrial();
    const endsAt = creditTrialEnd(await noCardEnd(person));
    const intent = await callOk(
      t.app,
      'getStripeSubscriptionIntent',
      { userId: person.uid, priceId: config.prices.annual, numTrialDays: 7 },
      person.token,
    );
    expect(intent.type).toBe('setup');
    expect(await local.retrieveSubscription(intent.subscriptionId)).toMatchObject({
      status: 'trialing',
      trialEnd: endsAt,
      awaitingPaymentMethod: true,
    });

    // A form that asks for no free days pays today, as it says.
    const payer = await onNoCardTrial();
    const paying = await callOk(
      t.app,
      'getStripeSubscriptionIntent',
      { userId: payer.uid, priceId: config.prices.annual, numTrialDays: 0 },
      payer.token,
    );
    expect(paying.type).toBe('payment');
  });

  it('is granted once, and its receipt sent once, however its events are redelivered or ordered', async () => {
    const person = await onNoCardTrial('credit-buyer@example.com');
    const endsAt = creditTrialEnd(await noCardEnd(person));
    expect((await payOnHostedPage(t.app, await checkout(person))).statusCode).toBe(303);
    await until(() => sent.some((message) => message.to === 'credit-buyer@example.com'), 'the receipt');
    const subscription = await webSubscriptionOf(person);
    if (!subscription) throw new Error('no subscription');
    const events = eventsOf(subscription.id);
    expect(events.length).toBeGreaterThanOrEqual(3);

    // Every event again, newest first, twice over at the same time.
    const backwards = [...events].reverse();
    await Promise.all(
      [backwards, backwards].map(async (batch) => {
        for (const event of batch) {
          expect((await deliverPaymentWebhook(t.app, event.payload, event.signature)).statusCode).toBe(200);
        }
      }),
    );
    const receipts = sent.filter((message) => message.to === 'credit-buyer@example.com');
    expect(receipts).toHaveLength(1);
    const day = chargeDate(endsAt, { utc: true });
    expect(receipts[0]?.subject).toBe('Your Premium trial has started · Stillpoint');
    expect(receipts[0]?.text).toContain('Bought: Stillpoint Premium, billed yearly at $49.99');
    expect(receipts[0]?.text).toContain(`Free trial ends: ${day}`);
    expect(receipts[0]?.text).toContain(`First charge: $49.99 on ${day}, then every year`);
    expect(receipts[0]?.text).toContain(`cancel before ${day}: nothing is charged`);

    expect(await webSubscriptionOf(person)).toMatchObject({
      status: 'trialing',
      trialEnd: endsAt,
      receiptSentTo: 'credit-buyer@example.com',
    });
    const trials = (await subscriberOf(person)).subscriptions;
    expect(Object.keys(trials).sort()).toEqual([productIds.promoWeekly, 'stillpoint_yearly_test']);
    expect(await callOk(t.app, 'getPurchaseSummary', undefined, person.token)).toMatchObject({
      receiptSentTo: 'credit-buyer@example.com',
    });
  });

  it('sends a receipt that failed on the redelivery, still once', async () => {
    const person = await onNoCardTrial('retry-buyer@example.com');
    delivery.pause();
    let events: typeof delivery.captured = [];
    try {
      const from = delivery.captured.length;
      expect((await payOnHostedPage(t.app, await checkout(person))).statusCode).toBe(303);
      events = delivery.captured.slice(from);
    } finally {
      delivery.resume();
    }
    failSends = 1;
    // The first delivery that grants the plan cannot send its receipt and fails, so the provider
    // delivers its event again; that redelivery, or a later event of the purchase, sends it.
    for (const event of events) await deliverPaymentWebhook(t.app, event.payload, event.signature);
    for (const event of events) await deliverPaymentWebhook(t.app, event.payload, event.signature);
    expect(failSends).toBe(0);
    await until(() => sent.some((message) => message.to === 'retry-buyer@example.com'), 'the receipt');
    expect(sent.filter((message) => message.to === 'retry-buyer@example.com')).toHaveLength(1);
  });

  it('sends nothing, once settled, to a buyer without an address', async () => {
    const person = await onNoCardTrial();
    const before = sent.length;
    expect((await payOnHostedPage(t.app, await checkout(person))).statusCode).toBe(303);
    await until(async () => (await webSubscriptionOf(person))?.receiptSentAt != null, 'the receipt settled');
    expect(sent.length).toBe(before);
    expect((await webSubscriptionOf(person))?.receiptSentTo).toBeNull();
  });

  it('tells the no-card trial apart in its summary: no card, so no charge', async () => {
    const person = await onNoCardTrial();
    const end = await noCardEnd(person);
    expect(await callOk(t.app, 'getPurchaseSummary', undefined, person.token)).toEqual({
      kind: 'freeTrial',
      plan: null,
      trialEndsAt: end.toISOString(),
      firstCharge: null,
      cancelAtPeriodEnd: false,
      receiptSentTo: null,
    });
    const stranger = await signUp(t.app);
    expect(await callOk(t.app, 'getPurchaseSummary', undefined, stranger.token)).toBeNull();
    expect((await call(t.app, 'getPurchaseSummary')).statusCode).toBe(401);
    expect(
      (await call(t.app, 'getCheckoutTerms', { priceId: 'price_nope' }, { token: person.token })).statusCode,
    ).toBe(400);
  });

  describe('fulfilment decides the trial again', () => {
    let fake: ReturnType<typeof fakeProvider>;
    let provider: PaymentProvider;
    let deps: FulfilmentDependencies;
    let next = 0;
    const priced: PaymentProvider['getPrice'] = async (id) => ({ id, unitAmount: 4999, currency: 'usd' });

    beforeAll(() => {
      fake = fakeProvider('stripe', false);
      provider = { ...fake.provider, getPrice: priced };
      deps = { db: t.database.db, config, provider, log: silent, email: emailSender };
    });
    const trialing = async (
      person: Person,
      trialEnd: Date,
      { carriedOver = false } = {},
    ): Promise<ProviderSubscription> => {
      const customerId = await ensureCustomer(t.database.db, provider, { id: person.uid, email: null });
      const subscription = providerSubscription({
        id: `sub_credit_${++next}`,
        customerId,
        priceId: config.prices.annual,
        status: 'trialing',
        trialStart: new Date(),
        trialEnd,
        currentPeriodStart: new Date(),
        currentPeriodEnd: trialEnd,
        createdAt: new Date(),
        trialCarriedOver: carriedOver,
      });
      fake.setSubscription(subscription);
      return subscription;
    };

    it('grants a trial ending exactly with the no-card trial, and ends one with days of its own', async () => {
      const person = await onNoCardTrial();
      const credited = await trialing(person, creditTrialEnd(await noCardEnd(person)), { carriedOver: true });
      expect(
        await fulfilPaymentEvent(deps, verifiedEvent('customer.subscription.created', credited.id)),
      ).toBe('fulfilled');
      expect(fake.trialsEnded).not.toContain(credited.id);
      expect((await subscriberOf(person)).subscriptions.stillpoint_yearly).toMatchObject({
        period_type: 'trial',
      });

      const other = await onNoCardTrial();
      const ownDays = await trialing(other, new Date(Date.now() + 7 * DAY_MS));
      await fulfilPaymentEvent(deps, verifiedEvent('customer.subscription.created', ownDays.id));
      expect(fake.trialsEnded).toContain(ownDays.id);
      expect((await subscriberOf(other)).subscriptions.stillpoint_yearly).toBeUndefined();
    });

    it("ends a trial of its own days that happens to end on the no-card trial's second", async () => {
      // A checkout opened before the no-card trial and paid in the second after it began: its 7
      // days end on the very second the no-card trial ends, yet it was never given that end.
      const person = await onNoCardTrial();
      const ownDays = await trialing(person, creditTrialEnd(await noCardEnd(person)));
      await fulfilPaymentEvent(deps, verifiedEvent('customer.subscription.created', ownDays.id));
      expect(fake.trialsEnded).toContain(ownDays.id);
      expect((await subscriberOf(person)).subscriptions.stillpoint_yearly).toBeUndefined();
    });

    it('sends one receipt when several deliveries settle it at once', async () => {
      const person = await signUp(t.app);
      const customerId = await ensureCustomer(t.database.db, provider, {
        id: person.uid,
        email: 'at-once@example.com',
      });
      const subscription = providerSubscription({
        id: `sub_credit_${++next}`,
        customerId,
        priceId: config.prices.annual,
      });
      fake.setSubscription(subscription);
      await Promise.all(
        ['customer.subscription.created', 'invoice.paid', 'customer.subscription.updated'].map((type) =>
          fulfilPaymentEvent(deps, verifiedEvent(type, subscription.id)),
        ),
      );
      await Promise.all([1, 2, 3].map(() => sendReceiptIfOwed(deps, subscription.id)));
      const receipts = sent.filter((message) => message.to === 'at-once@example.com');
      expect(receipts).toHaveLength(1);
      expect(receipts[0]?.subject).toBe('Thank you for going Premium · Stillpoint');
      expect(receipts[0]?.text).toContain('Paid: $49.99 on');
    });
  });
});
