import { messages, PAYMENT_RETRY_WINDOW_DAYS } from '@stillpoint/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentSubscription, processedPaymentEvent } from '../src/db/schema';
import { localWebhookSecret } from '../src/integrations/payments/local/webhook-secret';
import type { ProviderSubscription } from '../src/integrations/payments/provider';
import { signWebhookPayload } from '../src/integrations/payments/webhook-signature';
import { ensureCustomer } from '../src/modules/payments/customers';
import { type FulfilmentDependencies, fulfilPaymentEvent } from '../src/modules/payments/fulfilment';
import { call, callOk, type Person, signUp } from './support/api';
import { createTestApp, type TestApp, testConfig } from './support/app';
import { postForm } from './support/local-payments';
import {
  capturingDelivery,
  deliverPaymentWebhook,
  deliverSignedEvent,
  fakeProvider,
  payOnHostedPage,
  providerSubscription,
  stripeEvent,
  verifiedEvent,
} from './support/payments';
import { until } from './support/webhook';

const DAY = 86_400_000;
const config = testConfig();
const silent = { info: () => {}, warn: () => {} };

describe('payment webhooks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const subscriberOf = async (person: Person) =>
    (await callOk(t.app, 'getSubscriber', undefined, person.token)).subscriber;
  const processedEvents = () => t.database.db.select().from(processedPaymentEvent);

  describe('the signature check (POST /api/webhooks/payments)', () => {
    let secret = '';
    beforeAll(async () => {
      secret = await localWebhookSecret(t.database.db);
    });
    const event = stripeEvent('customer.subscription.updated', { id: 'sub_unknown', object: 'subscription' });
    const payload = JSON.stringify(event);

    it.each([
      ['no signature header', payload, async () => undefined],
      ['a signature of another body', payload, () => signWebhookPayload(`${payload} `, secret)],
      [
        'a signature made with another secret',
        payload,
        () => signWebhookPayload(payload, 'whsec_someone_else'),
      ],
      [
        'a signature from ten minutes ago',
        payload,
        () => signWebhookPayload(payload, secret, Math.floor(Date.now() / 1000) - 600),
      ],
      ['a made-up signature', payload, async () => 't=1,v1=deadbeef'],
      ['an empty body', '', () => signWebhookPayload('', secret)],
    ])(
      'answers %s with a 400 and changes nothing',
      async (_case, body, sign: () => Promise<string | undefined>) => {
        const before = await processedEvents();
        const res = await deliverPaymentWebhook(t.app, body, await sign());
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          success: false,
          code: 'BAD_REQUEST',
          error: 'The webhook signature could not be verified.',
        });
        expect(await processedEvents()).toEqual(before);
      },
    );

    it('refuses a signed body sent as another content type the same way', async () => {
      const res = await deliverPaymentWebhook(
        t.app,
        payload,
        await signWebhookPayload(`${payload}x`, secret),
        'text/plain',
      );
      expect(res.statusCode).toBe(400);
    });

    it('refuses a body over the size limit with a 413', async () => {
      const big = JSON.stringify({ ...event, padding: 'x'.repeat(300 * 1024) });
      const res = await deliverPaymentWebhook(t.app, big, await signWebhookPayload(big, secret));
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({
        success: false,
        code: 'PAYLOAD_TOO_LARGE',
        error: 'The request body is too large for this call.',
      });
    });

    it('acknowledges a signed event it has nothing to do with', async () => {
      for (const unknown of [
        stripeEvent('customer.created', { id: 'cus_123', object: 'customer' }),
        stripeEvent('customer.subscription.updated', { id: 'sub_nobody_has', object: 'subscription' }),
      ]) {
        const res = await deliverSignedEvent(t.app, secret, unknown);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ success: true, data: { received: true } });
      }
    });

    it('keeps the JSON parser everywhere else', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/getStripeCustomer',
        headers: { 'content-type': 'text/plain' },
        payload: '{}',
      });
      expect(res.statusCode).not.toBe(200);
    });
  });

  describe('fulfilment', () => {
    let person: Person;
    let customerId: string;
    let fake: ReturnType<typeof fakeProvider>;
    let deps: FulfilmentDependencies;
    let next = 0;
    const subscriptionId = () => `sub_fake_${++next}`;

    beforeAll(async () => {
      fake = fakeProvider('stripe', false);
      deps = { db: t.database.db, config, provider: fake.provider, log: silent };
    });
    const newPerson = async () => {
      person = await signUp(t.app);
      customerId = await ensureCustomer(t.database.db, fake.provider, { id: person.uid, email: null });
      return person;
    };
    const subscription = (id: string, overrides: Partial<ProviderSubscription> = {}) =>
      providerSubscription({ id, customerId, priceId: config.prices.annual, ...overrides });
    const storedSubscription = async (id: string) =>
      (await t.database.db.select().from(paymentSubscription).where(eq(paymentSubscription.id, id)))[0];

    it('grants a trial until the trial ends, then premium until the period ends', async () => {
      await newPerson();
      const id = subscriptionId();
      const trialEnd = new Date(Date.now() + 7 * DAY);
      fake.setSubscription(
        subscription(id, {
          status: 'trialing',
          trialStart: new Date(),
          trialEnd,
          currentPeriodEnd: trialEnd,
        }),
      );
      expect(await fulfilPaymentEvent(deps, verifiedEvent('customer.subscription.created', id))).toBe(
        'fulfilled',
      );
      let subscriber = await subscriberOf(person);
      expect(subscriber.entitlements.premium).toMatchObject({
        product_identifier: 'stillpoint_yearly',
        expires_date: trialEnd.toISOString(),
      });
      expect(subscriber.subscriptions.stillpoint_yearly).toMatchObject({
        period_type: 'trial',
        store: 'stripe',
        is_sandbox: false,
      });

      const periodEnd = new Date(Date.now() + 372 * DAY);
      fake.setSubscription(
        subscription(id, {
          status: 'active',
          trialEnd,
          currentPeriodStart: trialEnd,
          currentPeriodEnd: periodEnd,
        }),
      );
      await fulfilPaymentEvent(deps, verifiedEvent('invoice.paid', id, { objectType: 'invoice' }));
      subscriber = await subscriberOf(person);
      expect(subscriber.subscriptions.stillpoint_yearly).toMatchObject({
        period_type: 'normal',
        expires_date: periodEnd.toISOString(),
      });
      const state = await callOk(t.app, 'getSubscriptionState', undefined, person.token);
      expect(state).toMatchObject({ name: 'premium yearly', isTrial: false, isExpired: false });
    });

    it('keeps premium for the retry window once a renewal fails, then ends it when the provider gives up', async () => {
      await newPerson();
      const id = subscriptionId();
      const periodStart = new Date(Date.now() - 2 * DAY);
      fake.setSubscription(
        subscription(id, {
          status: 'past_due',
          currentPeriodStart: periodStart,
          currentPeriodEnd: new Date(Date.now() + 28 * DAY),
        }),
      );
      await fulfilPaymentEvent(deps, verifiedEvent('invoice.payment_failed', id, { objectType: 'invoice' }));
      const windowEnd = new Date(periodStart.getTime() + PAYMENT_RETRY_WINDOW_DAYS * DAY);
      expect((await subscriberOf(person)).entitlements.premium?.expires_date).toBe(windowEnd.toISOString());
      expect((await subscriberOf(person)).subscriptions.stillpoint_yearly?.billing_issues_detected_at).toBe(
        periodStart.toISOString(),
      );
      const state = await callOk(t.app, 'getSubscriptionState', undefined, person.token);
      expect(state).toMatchObject({ isExpired: false, isPaymentFailed: true });
      expect(state?.detailedInfo).toBe(
        'The charge to Visa ending in 4242 failed. Update your card to keep premium.',
      );

      fake.setSubscription(
        subscription(id, {
          status: 'unpaid',
          currentPeriodStart: periodStart,
          currentPeriodEnd: new Date(Date.now() + 28 * DAY),
        }),
      );
      await fulfilPaymentEvent(deps, verifiedEvent('customer.subscription.updated', id));
      expect((await subscriberOf(person)).entitlements.premium?.expires_date).toBe(periodStart.toISOString());
      const ended = await callOk(t.app, 'getSubscriptionState', undefined, person.token);
      expect(ended).toMatchObject({ isExpired: true, isPaymentFailed: false });
      expect(ended?.detailedInfo).toBe('The last payment did not go through, so the plan ended.');
    });

    it('ends premium when a canceled subscription ended, and grants nothing for an incomplete one', async () => {
      await newPerson();
      const canceled = subscriptionId();
      const endedAt = new Date(Date.now() - DAY);
      fake.setSubscription(subscription(canceled, { status: 'canceled', endedAt }));
      await fulfilPaymentEvent(deps, verifiedEvent('customer.subscription.deleted', canceled));
      expect((await subscriberOf(person)).entitlements.premium?.expires_date).toBe(endedAt.toISOString());

      const other = await newPerson();
      const incomplete = subscriptionId();
      fake.setSubscription(subscription(incomplete, { status: 'incomplete' }));
      expect(await fulfilPaymentEvent(deps, verifiedEvent('customer.subscription.created', incomplete))).toBe(
        'fulfilled',
      );
      expect(await subscriberOf(other)).toEqual({ entitlements: {}, subscriptions: {} });
      expect((await storedSubscription(incomplete))?.status).toBe('incomplete');
    });

    it('fulfils an event delivered 10 times once', async () => {
      await newPerson();
      const id = subscriptionId();
      fake.setSubscription(subscription(id, { status: 'active' }));
      const event = verifiedEvent('customer.subscription.created', id);
      const outcomes = await Promise.all(Array.from({ length: 10 }, () => fulfilPaymentEvent(deps, event)));
      expect(outcomes.filter((outcome) => outcome === 'fulfilled')).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome === 'duplicate')).toHaveLength(9);
      const recorded = await t.database.db
        .select()
        .from(processedPaymentEvent)
        .where(eq(processedPaymentEvent.eventId, event.id));
      expect(recorded).toHaveLength(1);

      // A redelivery after the subscription changed still changes nothing: the event was handled.
      fake.setSubscription(subscription(id, { status: 'canceled', endedAt: new Date() }));
      expect(await fulfilPaymentEvent(deps, event)).toBe('duplicate');
      expect((await storedSubscription(id))?.status).toBe('active');
    });

    it('ends in the newest state when an older fetch finishes last', async () => {
      await newPerson();
      const id = subscriptionId();
      fake.setSubscription(subscription(id, { status: 'active' }));
      // The first event's fetch sees "active" but is slow to answer...
      const held = fake.holdNextFetch(id);
      const late = fulfilPaymentEvent(deps, verifiedEvent('customer.subscription.created', id));
      await held.asked;
      await new Promise((resolve) => setTimeout(resolve, 5));
      // ...the subscription is canceled meanwhile, and a later event is fulfilled first.
      const endedAt = new Date(Date.now() - 1000);
      fake.setSubscription(subscription(id, { status: 'canceled', endedAt }));
      expect(await fulfilPaymentEvent(deps, verifiedEvent('customer.subscription.deleted', id))).toBe(
        'fulfilled',
      );
      held.release();
      expect(await late).toBe('stale');
      expect((await storedSubscription(id))?.status).toBe('canceled');
      expect((await subscriberOf(person)).entitlements.premium?.expires_date).toBe(endedAt.toISOString());
    });

    it('leaves a later subscription to the same plan alone when an earlier one ends', async () => {
      await newPerson();
      const earlier = subscriptionId();
      const later = subscriptionId();
      const laterEnd = new Date(Date.now() + 365 * DAY);
      fake.setSubscription(subscription(later, { status: 'active', currentPeriodEnd: laterEnd }));
      await fulfilPaymentEvent(deps, verifiedEvent('customer.subscription.created', later));
      fake.setSubscription(
        subscription(earlier, { status: 'canceled', endedAt: new Date(Date.now() - DAY) }),
      );
      await fulfilPaymentEvent(deps, verifiedEvent('customer.subscription.deleted', earlier));
      expect((await subscriberOf(person)).entitlements.premium?.expires_date).toBe(laterEnd.toISOString());
    });

    it('finds the user from the subscription metadata when the customer is not on file', async () => {
      const owner = await signUp(t.app);
      const id = subscriptionId();
      fake.setSubscription(
        providerSubscription({
          id,
          customerId: 'cus_elsewhere',
          priceId: config.prices.monthly,
          userId: owner.uid,
        }),
      );
      expect(await fulfilPaymentEvent(deps, verifiedEvent('customer.subscription.created', id))).toBe(
        'fulfilled',
      );
      expect((await subscriberOf(owner)).entitlements.premium?.product_identifier).toBe('stillpoint_monthly');

      const orphan = subscriptionId();
      fake.setSubscription(
        providerSubscription({
          id: orphan,
          customerId: 'cus_nobody',
          priceId: config.prices.monthly,
          userId: 'gone',
        }),
      );
      expect(await fulfilPaymentEvent(deps, verifiedEvent('customer.subscription.created', orphan))).toBe(
        'unknown-user',
      );
    });

    it('mirrors a subscription to a foreign price without granting premium', async () => {
      await newPerson();
      const id = subscriptionId();
      fake.setSubscription(subscription(id, { priceId: 'price_from_another_account' }));
      expect(await fulfilPaymentEvent(deps, verifiedEvent('customer.subscription.created', id))).toBe(
        'fulfilled',
      );
      expect(await subscriberOf(person)).toEqual({ entitlements: {}, subscriptions: {} });
    });

    it('names sandbox purchases with the test products', async () => {
      const sandbox = fakeProvider('local', true);
      const owner = await signUp(t.app);
      const sandboxCustomer = await ensureCustomer(t.database.db, sandbox.provider, {
        id: owner.uid,
        email: null,
      });
      const id = subscriptionId();
      sandbox.setSubscription(
        providerSubscription({ id, customerId: sandboxCustomer, priceId: config.prices.monthly }),
      );
      await fulfilPaymentEvent({ ...deps, provider: sandbox.provider }, verifiedEvent('invoice.paid', id));
      const subscriber = await subscriberOf(owner);
      expect(subscriber.subscriptions.stillpoint_monthly_test).toMatchObject({ is_sandbox: true });
      expect((await callOk(t.app, 'getSubscriptionState', undefined, owner.token))?.name).toBe(
        'sandbox premium monthly',
      );
    });

    describe('an embedded-form trial (trialing at once, before any card)', () => {
      const trial = (id: string, overrides: Partial<ProviderSubscription> = {}) => {
        const trialEnd = new Date(Date.now() + 7 * DAY);
        return subscription(id, {
          status: 'trialing',
          trialStart: new Date(),
          trialEnd,
          currentPeriodEnd: trialEnd,
          paymentMethod: null,
          ...overrides,
        });
      };
      const hasActiveSubscriptions = async (who: Person) =>
        (await callOk(t.app, 'getStripeCustomer', { userId: who.uid }, who.token)).hasActiveSubscriptions;

      it('grants nothing and is no live subscription until its card is set up, then grants the trial', async () => {
        await newPerson();
        const id = subscriptionId();
        fake.setSubscription(trial(id, { awaitingPaymentMethod: true }));
        expect(await fulfilPaymentEvent(deps, verifiedEvent('customer.subscription.created', id))).toBe(
          'fulfilled',
        );
        expect(await subscriberOf(person)).toEqual({ entitlements: {}, subscriptions: {} });
        expect(await hasActiveSubscriptions(person)).toBe(false);
        expect((await storedSubscription(id))?.awaitingPaymentMethod).toBe(true);

        fake.setSubscription(trial(id, { paymentMethod: 'Visa ending in 4242' }));
        await fulfilPaymentEvent(deps, verifiedEvent('customer.subscription.updated', id));
        expect((await subscriberOf(person)).subscriptions.stillpoint_yearly).toMatchObject({
          period_type: 'trial',
        });
        expect(await hasActiveSubscriptions(person)).toBe(true);
      });

      it('leaves no trace when it ends without a card: no expired plan, and the trial is still on offer', async () => {
        await newPerson();
        const id = subscriptionId();
        fake.setSubscription(trial(id, { awaitingPaymentMethod: true }));
        await fulfilPaymentEvent(deps, verifiedEvent('customer.subscription.created', id));
        fake.setSubscription(
          trial(id, { awaitingPaymentMethod: true, status: 'canceled', endedAt: new Date(Date.now() - DAY) }),
        );
        await fulfilPaymentEvent(deps, verifiedEvent('customer.subscription.deleted', id));
        expect(await subscriberOf(person)).toEqual({ entitlements: {}, subscriptions: {} });
        const { url } = await callOk(
          t.app,
          'createStripeCheckoutSessionForSubscription',
          { priceId: config.prices.annual, cancelPath: '/subscription', successPath: '/subscription' },
          person.token,
        );
        expect((await t.app.inject({ url: new URL(url).pathname })).body).toContain('7 days free');
      });

      it("still grants a hosted checkout's trial started without a card (deferPayment)", async () => {
        await newPerson();
        const id = subscriptionId();
        fake.setSubscription(trial(id, { awaitingPaymentMethod: false }));
        await fulfilPaymentEvent(deps, verifiedEvent('customer.subscription.created', id));
        expect((await subscriberOf(person)).subscriptions.stillpoint_yearly).toMatchObject({
          period_type: 'trial',
        });
      });
    });

    describe('a web trial for someone who had the no-card trial (one trial per person)', () => {
      const trialing = (id: string, overrides: Partial<ProviderSubscription> = {}) => {
        const trialEnd = new Date(Date.now() + 7 * DAY);
        return subscription(id, {
          status: 'trialing',
          trialStart: new Date(),
          trialEnd,
          currentPeriodEnd: trialEnd,
          ...overrides,
        });
      };
      const afterNoCardTrial = async () => {
        await newPerson();
        expect(await callOk(t.app, 'startFreeTrial', {}, person.token)).toEqual({ startedTrial: true });
      };

      it('grants no trial and charges at once when there is a card, then grants the paid plan', async () => {
        await afterNoCardTrial();
        const id = subscriptionId();
        fake.setSubscription(trialing(id));
        expect(await fulfilPaymentEvent(deps, verifiedEvent('checkout.session.completed', id))).toBe(
          'fulfilled',
        );
        expect(fake.trialsEnded).toContain(id);
        expect(fake.canceled).not.toContain(id);
        expect((await subscriberOf(person)).subscriptions.stillpoint_yearly).toBeUndefined();

        // The provider's own event for the charge grants the plan as paid.
        await fulfilPaymentEvent(deps, verifiedEvent('invoice.paid', id));
        expect((await subscriberOf(person)).subscriptions.stillpoint_yearly).toMatchObject({
          period_type: 'normal',
        });
      });

      it('grants no trial and cancels a subscription without a card (deferPayment), leaving no trace', async () => {
        await afterNoCardTrial();
        const id = subscriptionId();
        fake.setSubscription(trialing(id, { paymentMethod: null }));
        await fulfilPaymentEvent(deps, verifiedEvent('customer.subscription.created', id));
        expect(fake.canceled).toContain(id);
        expect(fake.trialsEnded).not.toContain(id);
        await fulfilPaymentEvent(deps, verifiedEvent('customer.subscription.deleted', id));
        expect(Object.keys((await subscriberOf(person)).subscriptions)).toEqual(['rc_promo_premium_weekly']);
        expect((await storedSubscription(id))?.status).toBe('canceled');
      });

      it('still grants a web trial to someone who never had the no-card trial', async () => {
        await newPerson();
        const id = subscriptionId();
        fake.setSubscription(trialing(id));
        await fulfilPaymentEvent(deps, verifiedEvent('customer.subscription.created', id));
        expect(fake.trialsEnded).not.toContain(id);
        expect((await subscriberOf(person)).subscriptions.stillpoint_yearly).toMatchObject({
          period_type: 'trial',
        });
      });
    });

    describe('a second live subscription (defence behind the purchase lock)', () => {
      const errors: { details: Record<string, unknown>; message: string }[] = [];
      const logged = {
        ...silent,
        error: (details: object, message: string) => {
          errors.push({ details: details as Record<string, unknown>, message });
        },
      };
      const older = (id: string, overrides: Partial<ProviderSubscription> = {}) =>
        subscription(id, { createdAt: new Date(Date.now() - 2 * DAY), ...overrides });
      const newer = (id: string, overrides: Partial<ProviderSubscription> = {}) =>
        subscription(id, {
          priceId: config.prices.monthly,
          createdAt: new Date(Date.now() - DAY),
          ...overrides,
        });
      const created = (id: string) =>
        fulfilPaymentEvent({ ...deps, log: logged }, verifiedEvent('customer.subscription.created', id));

      it('cancels the newer one at the provider at once, grants it nothing and logs an error for a refund', async () => {
        await newPerson();
        const [first, second] = [subscriptionId(), subscriptionId()];
        fake.setSubscription(older(first));
        expect(await created(first)).toBe('fulfilled');
        fake.setSubscription(newer(second));
        expect(await created(second)).toBe('second-subscription');
        expect(fake.canceled).toContain(second);
        expect(fake.canceled).not.toContain(first);
        expect(Object.keys((await subscriberOf(person)).subscriptions)).toEqual(['stillpoint_yearly']);
        expect(errors.at(-1)).toMatchObject({
          details: { userId: person.uid, subscriptionId: second, keptSubscriptionId: first },
          message: expect.stringContaining('refund'),
        });
      });

      it('keeps the older one when the newer one was fulfilled first', async () => {
        await newPerson();
        const [first, second] = [subscriptionId(), subscriptionId()];
        fake.setSubscription(newer(second));
        expect(await created(second)).toBe('fulfilled');
        fake.setSubscription(older(first));
        expect(await created(first)).toBe('fulfilled');
        expect(fake.canceled).toContain(second);
        expect(fake.canceled).not.toContain(first);
        // The newer one's end arrives as an event of its own.
        await fulfilPaymentEvent(deps, verifiedEvent('customer.subscription.deleted', second));
        expect((await subscriberOf(person)).entitlements.premium?.product_identifier).toBe(
          'stillpoint_yearly',
        );
        expect((await storedSubscription(second))?.status).toBe('canceled');
      });

      it('keeps one when both are fulfilled at the same moment', async () => {
        await newPerson();
        const [first, second] = [subscriptionId(), subscriptionId()];
        fake.setSubscription(older(first));
        fake.setSubscription(newer(second));
        const outcomes = await Promise.all([created(first), created(second)]);
        expect(outcomes).toContain('fulfilled');
        expect(fake.canceled).toContain(second);
        expect(fake.canceled).not.toContain(first);
        expect((await subscriberOf(person)).entitlements.premium?.product_identifier).toBe(
          'stillpoint_yearly',
        );
      });

      it('cancels nothing when the stored one has ended at the provider and its event is still on its way', async () => {
        await newPerson();
        const [first, second] = [subscriptionId(), subscriptionId()];
        fake.setSubscription(older(first));
        await created(first);
        fake.setSubscription(older(first, { status: 'canceled', endedAt: new Date() }));
        fake.setSubscription(newer(second));
        expect(await created(second)).toBe('fulfilled');
        expect(fake.canceled).not.toContain(second);
        // Granted: it is the person's one subscription.
        expect((await subscriberOf(person)).subscriptions.stillpoint_monthly).toMatchObject({
          period_type: 'normal',
          store: 'stripe',
        });
      });
    });

    it('acknowledges a gift checkout and changes nothing, and ignores unrelated events', async () => {
      await newPerson();
      fake.setCheckoutSession({
        id: 'cs_gift_1',
        url: null,
        mode: 'payment',
        status: 'complete',
        paymentStatus: 'paid',
        customerId: null,
        customerEmail: 'giver@example.com',
        subscriptionId: null,
        quantity: 2,
        metadata: { kind: 'gift' },
        paymentId: null,
      });
      const gift = verifiedEvent('checkout.session.completed', null, {
        objectType: 'checkout.session',
        objectId: 'cs_gift_1',
      });
      expect(await fulfilPaymentEvent(deps, gift)).toBe('gift');
      expect(
        await fulfilPaymentEvent(deps, verifiedEvent('charge.refunded', null, { objectType: 'charge' })),
      ).toBe('ignored');
      const recorded = await t.database.db
        .select()
        .from(processedPaymentEvent)
        .where(eq(processedPaymentEvent.eventId, gift.id));
      expect(recorded).toHaveLength(0);
      expect(await subscriberOf(person)).toEqual({ entitlements: {}, subscriptions: {} });
    });
  });

  describe('through the local provider', () => {
    let local: TestApp;
    const delivery = capturingDelivery();
    beforeAll(async () => {
      local = await createTestApp({}, { paymentWebhookDelivery: delivery.deliver });
      delivery.attach(local.app);
    });
    afterAll(() => local.close());

    const stateIn = (person: Person) => callOk(local.app, 'getSubscriptionState', undefined, person.token);
    const subscriptionRowOf = async (person: Person) =>
      (
        await local.database.db
          .select()
          .from(paymentSubscription)
          .where(eq(paymentSubscription.userId, person.uid))
      )[0];
    const checkout = async (person: Person) =>
      (
        await callOk(
          local.app,
          'createStripeCheckoutSessionForSubscription',
          {
            priceId: config.prices.annual,
            cancelPath: '/subscription',
            successPath: '/subscription?stripe_success=true',
          },
          person.token,
        )
      ).url;

    /** A person who bought the annual plan on the hosted page with 4242 (a 7-day trial). */
    async function buyer(): Promise<Person> {
      const person = await signUp(local.app);
      const paid = await payOnHostedPage(local.app, await checkout(person));
      expect(paid.statusCode).toBe(303);
      expect(paid.headers.location).toBe(`${config.publicUrl}/subscription?stripe_success=true`);
      return person;
    }

    it("moves the person's no-card trial with the test clock, so a plan it ends reads as expired", async () => {
      const person = await signUp(local.app);
      expect(await callOk(local.app, 'startFreeTrial', {}, person.token)).toEqual({ startedTrial: true });
      // The no-card trial's days carry over: the plan's trial ends when the no-card trial does.
      await payOnHostedPage(local.app, await checkout(person));
      await until(async () => (await stateIn(person))?.name === 'sandbox premium yearly', 'the plan');
      const portal = new URL((await stateIn(person))?.managementUrl ?? '').pathname;
      const subscriptionId = (await subscriptionRowOf(person))?.id ?? '';

      await postForm(local.app, `${portal}/cancel`, { subscription: subscriptionId });
      const advanced = await postForm(local.app, `${portal}/clock/advance`, {});
      expect(advanced.headers.location).toMatch(/notice=advanced&days=[67]\b/);

      await until(async () => (await stateIn(person))?.isExpired === true, 'expiry');
      const state = await stateIn(person);
      expect(state).toMatchObject({ name: 'sandbox premium yearly', isExpired: true });
      const { subscriber } = await callOk(local.app, 'getSubscriber', undefined, person.token);
      const trialEnd = Date.parse(subscriber.subscriptions.rc_promo_premium_weekly?.expires_date ?? '');
      const planEnd = Date.parse(subscriber.subscriptions.stillpoint_yearly_test?.expires_date ?? '');
      expect(trialEnd).toBeLessThan(Date.now());
      // Moved together, the two still end on the same second.
      expect(Math.ceil(trialEnd / 1000) * 1000).toBe(planEnd);
    });

    it('grants premium through the webhook once a checkout is paid with 4242 on the hosted page', async () => {
      const person = await signUp(local.app);
      const url = await checkout(person);
      const page = await local.app.inject({ method: 'GET', url: new URL(url).pathname });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Card number');
      expect(await stateIn(person)).toBeNull();

      const paid = await payOnHostedPage(local.app, url);
      expect(paid.headers.location).toBe(`${config.publicUrl}/subscription?stripe_success=true`);
      await until(async () => (await stateIn(person)) !== null, 'premium after the webhook');

      const { subscriber } = await callOk(local.app, 'getSubscriber', undefined, person.token);
      expect(subscriber.entitlements.premium?.product_identifier).toBe('stillpoint_yearly_test');
      expect(subscriber.subscriptions.stillpoint_yearly_test).toMatchObject({
        period_type: 'trial',
        store: 'stripe',
        is_sandbox: true,
      });
      const state = await stateIn(person);
      expect(state).toMatchObject({
        name: 'sandbox premium yearly',
        detailedInfo: 'Visa ending in 4242 will be charged when your trial ends.',
        isTrial: true,
        daysLeft: 7,
        isExpired: false,
      });
      expect(state?.info).toMatch(/^Your free trial ends on .+, and then your plan starts\.$/);

      // The manage button opens the local billing portal.
      const portal = state?.managementUrl ?? '';
      expect(portal.startsWith(`${config.publicUrl}/local-pay/portal/`)).toBe(true);
      expect((await local.app.inject({ method: 'GET', url: new URL(portal).pathname })).statusCode).toBe(200);

      expect(
        await callOk(local.app, 'getStripeCustomer', { userId: person.uid }, person.token),
      ).toMatchObject({
        hasActiveSubscriptions: true,
      });
      const again = await call(
        local.app,
        'createStripeCheckoutSessionForSubscription',
        { priceId: config.prices.monthly, cancelPath: '/subscription', successPath: '/subscription' },
        { token: person.token },
      );
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ error: messages.alreadySubscribed });
    });

    it('fulfils a real event delivered 10 times once', async () => {
      const person = await buyer();
      const row = await subscriptionRowOf(person);
      const event = delivery.captured.findLast((webhook) => webhook.payload.includes(row?.id ?? 'none'));
      if (!row || !event) throw new Error('no event was delivered for the purchase');
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => deliverPaymentWebhook(local.app, event.payload, event.signature)),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
      const recorded = await local.database.db
        .select()
        .from(processedPaymentEvent)
        .where(eq(processedPaymentEvent.eventId, event.id));
      expect(recorded).toHaveLength(1);
      expect((await subscriptionRowOf(person))?.syncedAt).toEqual(row.syncedAt);
    });

    // While paused, the provider's own retries also fail, so only what the test sends arrives.
    it('refuses a tampered real event with a 400, and the untouched one still works', async () => {
      const person = await signUp(local.app);
      delivery.pause();
      try {
        const from = delivery.captured.length;
        await payOnHostedPage(local.app, await checkout(person));
        const held = delivery.captured.slice(from);
        expect(held.length).toBeGreaterThan(0);
        for (const event of held) {
          const tampered = event.payload.replace(`"${event.id}"`, `"${event.id}x"`);
          expect(tampered).not.toBe(event.payload);
          const res = await deliverPaymentWebhook(local.app, tampered, event.signature);
          expect(res.statusCode).toBe(400);
        }
        expect(await stateIn(person)).toBeNull();

        for (const event of held) await deliverPaymentWebhook(local.app, event.payload, event.signature);
        expect(await stateIn(person)).toMatchObject({ isTrial: true, isExpired: false });
      } finally {
        delivery.resume();
      }
    });

    it('ends in the newest state when events arrive in reverse order', async () => {
      const person = await buyer();
      const portal = new URL((await stateIn(person))?.managementUrl ?? '').pathname;
      const subscriptionId = (await subscriptionRowOf(person))?.id ?? '';
      const form = { 'content-type': 'application/x-www-form-urlencoded' };

      delivery.pause();
      try {
        const from = delivery.captured.length;
        const cancel = await local.app.inject({
          method: 'POST',
          url: `${portal}/cancel`,
          headers: form,
          payload: new URLSearchParams({ subscription: subscriptionId }).toString(),
        });
        expect(cancel.statusCode).toBe(303);
        const advance = await local.app.inject({
          method: 'POST',
          url: `${portal}/clock/advance`,
          headers: form,
          payload: '',
        });
        expect(advance.statusCode).toBe(303);
        const held = delivery.captured.slice(from);
        expect(held.length).toBeGreaterThan(1);
        // Nothing was delivered yet: the page still shows the running trial.
        expect(await stateIn(person)).toMatchObject({ isExpired: false });

        for (const event of [...held].reverse()) {
          expect((await deliverPaymentWebhook(local.app, event.payload, event.signature)).statusCode).toBe(
            200,
          );
        }
        const state = await stateIn(person);
        expect(state).toMatchObject({ isExpired: true, isTrial: true, daysLeft: 0 });
        expect(state?.info).toMatch(/^Your free trial ended on /);
        expect((await subscriptionRowOf(person))?.status).toBe('canceled');
      } finally {
        delivery.resume();
      }
    });
  });
});
