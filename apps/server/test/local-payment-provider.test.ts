import { priceAmountsCents, priceKeys } from '@stillpoint/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPeriod } from '../src/integrations/payments/local/catalogue';
import type { LocalPaymentProvider } from '../src/integrations/payments/local/local-provider';
import type { LocalObject } from '../src/integrations/payments/local/objects';
import { LocalStore } from '../src/integrations/payments/local/store';
import {
  card,
  daysFromNow,
  type LocalPaymentsHarness,
  locationOf,
  near,
  pathOf,
  postForm,
  startLocalPayments,
} from './support/local-payments';
import { until } from './support/webhook';

const HOUR = 3600;

describe('local payment provider', () => {
  let h: LocalPaymentsHarness;
  let store: LocalStore;

  beforeAll(async () => {
    h = await startLocalPayments();
    store = new LocalStore(h.database.db);
  });
  afterAll(async () => h.close());

  /** Lets time pass for one stored object, as if it had been made `seconds` earlier. */
  async function age<T extends LocalObject>(type: T['object'], id: string, change: (object: T) => T) {
    const object = (await store.get(type, id)) as T | null;
    if (!object) throw new Error(`no ${type} ${id}`);
    await store.put(change(object));
  }

  const confirm = (body: Record<string, unknown>) =>
    h.app.inject({ method: 'POST', url: '/local-pay/api/confirm', payload: body });

  async function trialCheckout(provider: LocalPaymentProvider = h.provider) {
    const customer = await provider.createCustomer({ email: 'trial@example.com', userId: 'user-trial' });
    const session = await provider.createCheckoutSession({
      mode: 'subscription',
      priceId: h.config.prices.monthly,
      quantity: 1,
      customerId: customer.id,
      trialDays: 7,
      paymentMethodCollection: 'always',
      successUrl: `${h.config.publicUrl}/subscription?stripe_success=true`,
      cancelUrl: `${h.config.publicUrl}/subscription`,
      metadata: { userId: 'user-trial' },
    });
    return { customer, session, path: pathOf(session.url ?? '') };
  }

  describe('prices and customers', () => {
    it("knows exactly this environment's price ids, at core's amounts", async () => {
      for (const key of priceKeys) {
        const price = await h.provider.getPrice(h.config.prices[key]);
        expect(price, key).toEqual({
          id: h.config.prices[key],
          unitAmount: priceAmountsCents[key],
          currency: 'usd',
        });
      }
      expect(await h.provider.getPrice('price_live_annual')).toBeNull();
      expect(await h.provider.getPrice('')).toBeNull();
    });

    it('creates customers with Stripe-like, unguessable ids and the user in their metadata', async () => {
      const one = await h.provider.createCustomer({ email: 'one@example.com', userId: 'user-1' });
      const two = await h.provider.createCustomer({ email: null, userId: null });
      expect(one).toMatchObject({ email: 'one@example.com', userId: 'user-1' });
      expect(two).toMatchObject({ email: null, userId: null });
      for (const id of [one.id, two.id]) expect(id).toMatch(/^cus_local_[0-9A-Za-z]{24}$/);
      expect(one.id).not.toBe(two.id);
    });
  });

  it('bills by the calendar: a month after Jan 31 is the end of February, two years after a leap day is Feb 28', () => {
    const at = (iso: string) => Date.parse(iso) / 1000;
    const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
    const month = { interval: 'month', interval_count: 1 } as const;
    expect(iso(addPeriod(at('2026-01-31T10:00:00Z'), month))).toBe('2026-02-28T10:00:00.000Z');
    expect(iso(addPeriod(at('2026-12-15T00:00:00Z'), month))).toBe('2027-01-15T00:00:00.000Z');
    expect(iso(addPeriod(at('2028-02-29T00:00:00Z'), { interval: 'year', interval_count: 2 }))).toBe(
      '2030-02-28T00:00:00.000Z',
    );
  });

  describe('checkout sessions', () => {
    it('returns its hosted page at an unguessable URL and refuses what Stripe refuses', async () => {
      const { session, customer } = await trialCheckout();
      expect(session).toMatchObject({
        mode: 'subscription',
        status: 'open',
        paymentStatus: 'unpaid',
        customerId: customer.id,
        subscriptionId: null,
        quantity: 1,
        metadata: { userId: 'user-trial' },
      });
      expect(session.url).toMatch(/^http:\/\/localhost:3000\/local-pay\/checkout\/cs_local_[0-9A-Za-z]{24}$/);
      expect(await h.provider.retrieveCheckoutSession(session.id)).toEqual(session);
      expect(await h.provider.retrieveCheckoutSession('cs_local_unknown')).toBeNull();

      const base = {
        mode: 'subscription' as const,
        priceId: h.config.prices.annual,
        quantity: 1,
        customerId: customer.id,
        trialDays: 0,
        paymentMethodCollection: 'always' as const,
        successUrl: `${h.config.publicUrl}/ok`,
        cancelUrl: `${h.config.publicUrl}/no`,
        metadata: {},
      };
      await expect(h.provider.createCheckoutSession({ ...base, priceId: 'price_foreign' })).rejects.toThrow(
        "No such price: 'price_foreign'",
      );
      await expect(
        h.provider.createCheckoutSession({ ...base, customerId: 'cus_local_missing' }),
      ).rejects.toThrow('No such customer');
      await expect(
        h.provider.createCheckoutSession({ ...base, priceId: h.config.prices.gift }),
      ).rejects.toThrow('recurring');
      await expect(h.provider.createCheckoutSession({ ...base, mode: 'payment' })).rejects.toThrow(
        'one-time',
      );
      await expect(h.provider.createCheckoutSession({ ...base, quantity: 0 })).rejects.toThrow('quantity');
    });

    it('completes once even when the button is pressed twice at the same moment', async () => {
      const { session, customer, path } = await trialCheckout();
      const [first, second] = await Promise.all([
        postForm(h.app, path, card.succeeds),
        postForm(h.app, path, card.succeeds),
      ]);
      expect([first.statusCode, second.statusCode]).toEqual([303, 303]);
      expect(locationOf(first)).toBe(locationOf(second));
      expect(await h.provider.listCustomerSubscriptions(customer.id)).toHaveLength(1);
      expect((await h.provider.retrieveCheckoutSession(session.id))?.status).toBe('complete');
    });

    it("lists a customer's open sessions and expires one on request, whose page then says the link expired", async () => {
      const customer = await h.provider.createCustomer({ email: 'tabs@example.com', userId: 'user-tabs' });
      const open = (priceId: string) =>
        h.provider.createCheckoutSession({
          mode: 'subscription',
          priceId,
          quantity: 1,
          customerId: customer.id,
          trialDays: 7,
          paymentMethodCollection: 'always',
          successUrl: `${h.config.publicUrl}/subscription?stripe_success=true`,
          cancelUrl: `${h.config.publicUrl}/subscription`,
          metadata: { userId: 'user-tabs' },
        });
      const annual = await open(h.config.prices.annual);
      const monthly = await open(h.config.prices.monthly);
      const openIds = async () => (await h.provider.listOpenCheckoutSessions(customer.id)).map((s) => s.id);
      expect(await openIds()).toEqual([annual.id, monthly.id]);

      const mark = h.webhooks.mark();
      await h.provider.expireCheckoutSession(annual.id);
      await until(() => h.webhooks.types(mark).length > 0, 'checkout.session.expired');
      expect(h.webhooks.types(mark)).toEqual(['checkout.session.expired']);
      expect(await openIds()).toEqual([monthly.id]);
      expect(await h.provider.retrieveCheckoutSession(annual.id)).toMatchObject({
        status: 'expired',
        url: null,
      });
      const path = pathOf(annual.url ?? '');
      expect((await h.app.inject({ url: path })).statusCode).toBe(404);
      expect((await postForm(h.app, path, card.succeeds)).statusCode).toBe(404);

      // A session no longer open is left as it is.
      await h.provider.expireCheckoutSession(annual.id);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(h.webhooks.types(mark)).toEqual(['checkout.session.expired']);
    });

    it('expires an unused session after a day, as Stripe does', async () => {
      const { session, path } = await trialCheckout();
      await age('checkout.session', session.id, (object) =>
        object.object === 'checkout.session' ? { ...object, expires_at: object.created - 1 } : object,
      );
      expect((await h.app.inject({ url: path })).statusCode).toBe(404);
      const mark = h.webhooks.mark();
      await h.provider.runClock();
      expect(h.webhooks.types(mark)).toEqual(['checkout.session.expired']);
      expect(await h.provider.retrieveCheckoutSession(session.id)).toMatchObject({
        status: 'expired',
        url: null,
      });
    });
  });

  describe('subscription intents and the embedded form', () => {
    async function intent(trialDays: number) {
      const customer = await h.provider.createCustomer({ email: 'form@example.com', userId: 'user-form' });
      const mark = h.webhooks.mark();
      const result = await h.provider.createSubscriptionIntent({
        customerId: customer.id,
        priceId: h.config.prices.annual,
        trialDays,
        userId: 'user-form',
      });
      // A trial's $0 first invoice is paid at once; a payment's waits for the form.
      const expected = trialDays > 0 ? 2 : 1;
      await until(() => h.webhooks.types(mark).length >= expected, 'the creation events');
      return { customer, result, mark };
    }

    it('with a trial, is trialing at once with a pending SetupIntent, as on Stripe; a good card gives the trial its card', async () => {
      const { result, mark } = await intent(7);
      expect(result.type).toBe('setup');
      expect(result.clientSecret).toMatch(/^seti_local_[0-9A-Za-z]{24}_secret_[0-9A-Za-z]{24}$/);
      expect(h.webhooks.types(mark)).toEqual(['customer.subscription.created', 'invoice.paid']);
      const created = h.webhooks.since(mark)[0]?.event.data.object;
      expect(created).toMatchObject({
        status: 'trialing',
        pending_setup_intent: result.clientSecret.split('_secret_')[0],
        default_payment_method: null,
        trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
        metadata: { userId: 'user-form', trialStartsOnSetup: 'true' },
      });
      const before = await h.provider.retrieveSubscription(result.subscriptionId);
      expect(before).toMatchObject({
        status: 'trialing',
        userId: 'user-form',
        paymentMethod: null,
        awaitingPaymentMethod: true,
      });
      expect(near(before?.trialEnd, daysFromNow(7))).toBe(true);

      const confirmMark = h.webhooks.mark();
      const response = await confirm({ clientSecret: result.clientSecret, ...card.succeeds });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'succeeded' });
      expect(h.webhooks.types(confirmMark)).toEqual([
        'setup_intent.succeeded',
        'customer.subscription.updated',
      ]);
      expect(h.webhooks.since(confirmMark)[1]?.event.data.object).toMatchObject({
        pending_setup_intent: null,
      });
      const subscription = await h.provider.retrieveSubscription(result.subscriptionId);
      expect(subscription).toMatchObject({
        status: 'trialing',
        paymentMethod: 'Visa ending in 4242',
        awaitingPaymentMethod: false,
      });
      // The trial runs from when it was created, not from when the card came.
      expect(subscription?.trialEnd).toEqual(before?.trialEnd);
      // Confirming again changes nothing.
      const again = h.webhooks.mark();
      expect((await confirm({ clientSecret: result.clientSecret, ...card.succeeds })).json()).toEqual({
        status: 'succeeded',
      });
      expect(h.webhooks.types(again)).toEqual([]);
    });

    it("without a trial, gives the first invoice's PaymentIntent; a good card pays it", async () => {
      const { result } = await intent(0);
      expect(result.type).toBe('payment');
      expect(result.clientSecret).toMatch(/^pi_local_[0-9A-Za-z]{24}_secret_/);
      const mark = h.webhooks.mark();
      expect((await confirm({ clientSecret: result.clientSecret, ...card.succeeds })).json()).toEqual({
        status: 'succeeded',
      });
      expect(h.webhooks.types(mark)).toEqual([
        'payment_intent.succeeded',
        'invoice.paid',
        'customer.subscription.updated',
      ]);
      const paid = h.webhooks.since(mark)[1]?.event.data.object;
      expect(paid).toMatchObject({
        amount_paid: 4999,
        confirmation_secret: { client_secret: result.clientSecret, type: 'payment_intent' },
      });
      const subscription = await h.provider.retrieveSubscription(result.subscriptionId);
      expect(subscription).toMatchObject({ status: 'active', trialEnd: null });
      expect(near(subscription?.currentPeriodEnd, daysFromNow(365), 2 * 86_400_000)).toBe(true);
    });

    it("declines 4000 0000 0000 0002 with 402 and Stripe's message, leaving the subscription incomplete", async () => {
      const { result } = await intent(0);
      const response = await confirm({ clientSecret: result.clientSecret, ...card.declined });
      expect(response.statusCode).toBe(402);
      expect(response.json()).toMatchObject({
        error: { message: 'Your card was declined.', code: 'card_declined' },
      });
      expect((await h.provider.retrieveSubscription(result.subscriptionId))?.status).toBe('incomplete');
      // The same intent takes another card.
      expect((await confirm({ clientSecret: result.clientSecret, ...card.succeeds })).json()).toEqual({
        status: 'succeeded',
      });
    });

    it('sends 4000 0025 0000 3155 to the authentication page and back to the return URL, both ways', async () => {
      const completed = await intent(7);
      const returnUrl = `${h.config.publicUrl}/getting-started?step=purchase`;
      const response = await confirm({
        clientSecret: completed.result.clientSecret,
        ...card.authenticate,
        returnUrl,
      });
      expect(response.statusCode).toBe(200);
      const { status, redirectUrl } = response.json();
      expect(status).toBe('requires_action');
      expect(redirectUrl).toMatch(/^http:\/\/localhost:3000\/local-pay\/authenticate\/seti_local_/);
      expect(await h.provider.retrieveSubscription(completed.result.subscriptionId)).toMatchObject({
        status: 'trialing',
        awaitingPaymentMethod: true,
      });

      const done = await postForm(h.app, pathOf(redirectUrl), { outcome: 'complete' });
      expect(done.statusCode).toBe(303);
      const back = new URL(locationOf(done));
      expect(`${back.origin}${back.pathname}`).toBe(`${h.config.publicUrl}/getting-started`);
      expect(back.searchParams.get('step')).toBe('purchase');
      expect(back.searchParams.get('redirect_status')).toBe('succeeded');
      expect(back.searchParams.get('setup_intent_client_secret')).toBe(completed.result.clientSecret);
      expect(await h.provider.retrieveSubscription(completed.result.subscriptionId)).toMatchObject({
        status: 'trialing',
        paymentMethod: 'Visa ending in 3155',
        awaitingPaymentMethod: false,
      });

      const failed = await intent(0);
      const second = await confirm({
        clientSecret: failed.result.clientSecret,
        ...card.authenticate,
        returnUrl,
      });
      const mark = h.webhooks.mark();
      const answer = await postForm(h.app, pathOf(second.json().redirectUrl), { outcome: 'fail' });
      const failedBack = new URL(locationOf(answer));
      expect(failedBack.searchParams.get('redirect_status')).toBe('failed');
      expect(failedBack.searchParams.get('payment_intent_client_secret')).toBe(failed.result.clientSecret);
      expect(h.webhooks.types(mark)).toEqual(['payment_intent.payment_failed']);
      expect((await h.provider.retrieveSubscription(failed.result.subscriptionId))?.status).toBe(
        'incomplete',
      );
    });

    it('refuses a foreign return URL, an unknown or wrong secret, bad card fields and malformed bodies', async () => {
      const { result } = await intent(7);
      const foreign = await confirm({
        clientSecret: result.clientSecret,
        ...card.authenticate,
        returnUrl: 'https://evil.example/',
      });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().error.message).toContain('return URL');

      const wrongSecret = `${result.clientSecret.split('_secret_')[0]}_secret_${'A'.repeat(24)}`;
      expect((await confirm({ clientSecret: wrongSecret, ...card.succeeds })).statusCode).toBe(404);
      expect((await confirm({ clientSecret: 'nonsense', ...card.succeeds })).statusCode).toBe(404);

      const badCard = await confirm({
        clientSecret: result.clientSecret,
        cardNumber: '1234',
        expiry: '12/34',
        cvc: '123',
      });
      expect(badCard.statusCode).toBe(400);
      expect(badCard.json()).toMatchObject({
        error: { message: 'Your card number is incomplete.', param: 'card_number' },
      });

      const malformed = await confirm({ clientSecret: result.clientSecret, cardNumber: 4242 });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().error.message).toContain('cardNumber');
      expect(await h.provider.retrieveSubscription(result.subscriptionId)).toMatchObject({
        status: 'trialing',
        awaitingPaymentMethod: true,
      });
    });

    it('expires a subscription whose card was never confirmed after 23 hours', async () => {
      const { result } = await intent(0);
      await age('subscription', result.subscriptionId, (object) =>
        object.object === 'subscription' ? { ...object, created: object.created - 24 * HOUR } : object,
      );
      const mark = h.webhooks.mark();
      await h.provider.runClock();
      expect(h.webhooks.types(mark)).toEqual(['customer.subscription.updated']);
      expect((await h.provider.retrieveSubscription(result.subscriptionId))?.status).toBe(
        'incomplete_expired',
      );
      const late = await confirm({ clientSecret: result.clientSecret, ...card.succeeds });
      expect(late.statusCode).toBe(400);
      expect(late.json().error.message).toContain('expired');
    });

    it('cancels a trial whose card was never set up when the trial ends, charging nobody', async () => {
      const { result } = await intent(7);
      const ended = Math.floor(Date.now() / 1000) - 60;
      await age('subscription', result.subscriptionId, (object) => {
        const item = object.object === 'subscription' ? object.items.data[0] : undefined;
        if (object.object !== 'subscription' || !item) return object;
        return {
          ...object,
          trial_end: ended,
          items: { object: 'list', data: [{ ...item, current_period_end: ended }] },
        };
      });
      const mark = h.webhooks.mark();
      await h.provider.runClock();
      expect(h.webhooks.types(mark)).toEqual(['customer.subscription.deleted']);
      expect(await h.provider.retrieveSubscription(result.subscriptionId)).toMatchObject({
        status: 'canceled',
        endedAt: new Date(ended * 1000),
        awaitingPaymentMethod: true,
      });
    });

    it('cancels a subscription now (subscriptions.cancel): an unpaid one expires, a waiting trial ends, neither can be confirmed', async () => {
      const unpaid = await intent(0);
      let mark = h.webhooks.mark();
      await h.provider.cancelSubscription(unpaid.result.subscriptionId);
      await until(() => h.webhooks.types(mark).length >= 2, 'the cancellation events');
      expect(h.webhooks.types(mark)).toEqual(['payment_intent.canceled', 'customer.subscription.updated']);
      expect(await h.provider.retrieveSubscription(unpaid.result.subscriptionId)).toMatchObject({
        status: 'incomplete_expired',
        endedAt: expect.any(Date),
      });
      const latePayment = await confirm({ clientSecret: unpaid.result.clientSecret, ...card.succeeds });
      expect(latePayment.statusCode).toBe(400);
      expect(latePayment.json().error.message).toBe('This subscription has expired. Please start again.');

      const trial = await intent(7);
      mark = h.webhooks.mark();
      await h.provider.cancelSubscription(trial.result.subscriptionId);
      await until(() => h.webhooks.types(mark).length >= 2, 'the cancellation events');
      expect(h.webhooks.types(mark)).toEqual(['setup_intent.canceled', 'customer.subscription.deleted']);
      expect(await h.provider.retrieveSubscription(trial.result.subscriptionId)).toMatchObject({
        status: 'canceled',
        awaitingPaymentMethod: true,
      });
      const lateSetup = await confirm({ clientSecret: trial.result.clientSecret, ...card.succeeds });
      expect(lateSetup.statusCode).toBe(400);

      // Canceling again changes nothing.
      mark = h.webhooks.mark();
      await h.provider.cancelSubscription(trial.result.subscriptionId);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(h.webhooks.types(mark)).toEqual([]);
    });
  });

  describe('state and time', () => {
    it('keeps everything in the database: another provider (a restarted server) sees the same objects', async () => {
      const { session, customer, path } = await trialCheckout();
      await postForm(h.app, path, card.succeeds);
      const restarted = h.otherProvider();
      const [completed] = await Promise.all([restarted.retrieveCheckoutSession(session.id)]);
      expect(completed?.status).toBe('complete');
      const subscriptions = await restarted.listCustomerSubscriptions(customer.id);
      expect(subscriptions).toEqual(await h.provider.listCustomerSubscriptions(customer.id));
      expect(subscriptions[0]).toMatchObject({ status: 'trialing', paymentMethod: 'Visa ending in 4242' });
      expect(await restarted.retrieveSubscription('sub_local_unknown')).toBeNull();
    });

    it('converts a real trial on its own when its end passes, on the periodic clock', async () => {
      const ticking = h.otherProvider({ clockIntervalMs: 50 });
      const { session, path } = await trialCheckout();
      await postForm(h.app, path, card.succeeds);
      const subscriptionId = (await h.provider.retrieveCheckoutSession(session.id))?.subscriptionId ?? '';
      // Seven days pass.
      await age('subscription', subscriptionId, (object) => {
        if (object.object !== 'subscription') return object;
        const trialEnd = Math.floor(Date.now() / 1000) - 60;
        const item = object.items.data[0];
        if (!item) return object;
        return {
          ...object,
          trial_end: trialEnd,
          items: { object: 'list', data: [{ ...item, current_period_end: trialEnd }] },
        };
      });
      await until(
        async () => (await ticking.retrieveSubscription(subscriptionId))?.status === 'active',
        'the trial to convert on its own',
      );
      // The events are delivered after the change commits, so the renewal is seen active first.
      const renewal = () =>
        h.webhooks.delivered.find(
          (entry) =>
            entry.event.type === 'invoice.paid' &&
            entry.event.data.object.billing_reason === 'subscription_cycle' &&
            JSON.stringify(entry.event.data.object).includes(subscriptionId),
        );
      const activated = () =>
        h.webhooks.delivered.some(
          (entry) =>
            entry.event.type === 'customer.subscription.updated' &&
            entry.event.data.object.id === subscriptionId &&
            entry.event.data.object.status === 'active',
        );
      // Both, so that neither reaches the next test's webhook log late.
      await until(() => renewal() !== undefined && activated(), 'the renewal delivered');
      expect(renewal()?.event.data.object).toMatchObject({ amount_paid: 699 });
    });
  });

  describe('webhook delivery', () => {
    it('retries a failed delivery in the background until the endpoint answers 2xx', async () => {
      const retrying = h.otherProvider({ retryDelaysMs: [20, 20, 20] });
      const answers = [500, 503, 200];
      h.webhooks.answerWith(async () => ({ status: answers.shift() ?? 200 }));
      try {
        const mark = h.webhooks.mark();
        const { customer } = await trialCheckout(retrying);
        // Without a trial the creation causes this one event alone.
        const created = await retrying.createSubscriptionIntent({
          customerId: customer.id,
          priceId: h.config.prices.annual,
          trialDays: 0,
          userId: 'user-retry',
        });
        await until(() => h.webhooks.since(mark).length >= 3, 'three delivery attempts');
        const attempts = h.webhooks.since(mark);
        expect(attempts.map((attempt) => attempt.event.type)).toEqual([
          'customer.subscription.created',
          'customer.subscription.created',
          'customer.subscription.created',
        ]);
        expect(new Set(attempts.map((attempt) => attempt.event.id)).size).toBe(1);
        expect(attempts[0]?.event.data.object.id).toBe(created.subscriptionId);
        const eventId = attempts[0]?.event.id ?? '';
        await until(
          async () => (await store.get('event', eventId))?.pending_webhooks === 0,
          'the event marked delivered',
        );
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(h.webhooks.since(mark)).toHaveLength(3);
      } finally {
        h.webhooks.answerWith(async () => ({ status: 200 }));
      }
    });

    it('sends an event whose retries ran out again with the clock, once the endpoint is back', async () => {
      const giving = h.otherProvider({ retryDelaysMs: [] });
      h.webhooks.answerWith(async () => ({ status: 502 }));
      let eventId = '';
      try {
        const mark = h.webhooks.mark();
        const { customer } = await trialCheckout(giving);
        await giving.createSubscriptionIntent({
          customerId: customer.id,
          priceId: h.config.prices.monthly,
          trialDays: 0,
          userId: 'user-late',
        });
        await until(() => h.webhooks.since(mark).length === 1, 'the failed attempt');
        eventId = h.webhooks.since(mark)[0]?.event.id ?? '';
      } finally {
        h.webhooks.answerWith(async () => ({ status: 200 }));
      }
      expect((await store.get('event', eventId))?.pending_webhooks).toBe(1);
      // A fresh event is left to the operation that made it; an older one is the clock's.
      const mark = h.webhooks.mark();
      await giving.runClock();
      expect(h.webhooks.since(mark).map((entry) => entry.event.id)).not.toContain(eventId);
      await age('event', eventId, (object) =>
        object.object === 'event' ? { ...object, created: object.created - 120 } : object,
      );
      await giving.runClock();
      await until(
        async () => (await store.get('event', eventId))?.pending_webhooks === 0,
        'the resent event',
      );
      expect(h.webhooks.since(mark).map((entry) => entry.event.id)).toContain(eventId);
    });

    it('waits a bounded time for a slow webhook before a page redirects, and delivers behind it', async () => {
      const patient = h.otherProvider({ deliveryWaitMs: 100 });
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      h.webhooks.answerWith(async () => {
        await held;
        return { status: 200 };
      });
      try {
        const { session } = await trialCheckout(patient);
        const started = Date.now();
        const outcome = await patient.submitCheckout(session.id, { ...card.succeeds, email: '' });
        expect(outcome.kind).toBe('redirect');
        expect(Date.now() - started).toBeLessThan(3_000);
        const mark = h.webhooks.mark();
        release();
        await until(() => h.webhooks.types(mark).includes('checkout.session.completed'), 'the late delivery');
      } finally {
        h.webhooks.answerWith(async () => ({ status: 200 }));
      }
    });
  });
});
