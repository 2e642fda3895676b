import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PaymentProvider } from '../src/integrations/payments/provider';
import { createStripeProvider } from '../src/integrations/payments/stripe/stripe-provider';
import { missing, on, startFakeStripe } from './support/fake-stripe';

const T0 = 1_767_225_600; // 2026-01-01T00:00:00Z
const DAY = 86_400;

/** A price as the API reference shows it. */
const annualPrice = {
  id: 'price_1Annual',
  object: 'price',
  active: true,
  billing_scheme: 'per_unit',
  created: T0 - 30 * DAY,
  currency: 'usd',
  livemode: false,
  lookup_key: null,
  metadata: {},
  nickname: null,
  product: 'prod_Premium',
  recurring: { interval: 'year', interval_count: 1, usage_type: 'licensed', meter: null },
  tax_behavior: 'unspecified',
  type: 'recurring',
  unit_amount: 4999,
  unit_amount_decimal: '4999',
};

/** A subscription at the SDK's pinned API version: the billing period is on the item. */
function subscriptionObject(overrides: Record<string, unknown> = {}) {
  return {
    id: 'sub_1Trial',
    object: 'subscription',
    application: null,
    billing_cycle_anchor: T0 + 7 * DAY,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    collection_method: 'charge_automatically',
    created: T0,
    currency: 'usd',
    customer: 'cus_Person',
    default_payment_method: {
      id: 'pm_1Card',
      object: 'payment_method',
      type: 'card',
      card: {
        brand: 'visa',
        display_brand: 'visa',
        last4: '4242',
        exp_month: 12,
        exp_year: 2034,
        funding: 'credit',
        country: 'US',
      },
      customer: 'cus_Person',
      livemode: false,
    },
    ended_at: null,
    items: {
      object: 'list',
      data: [
        {
          id: 'si_1Item',
          object: 'subscription_item',
          created: T0,
          current_period_start: T0,
          current_period_end: T0 + 7 * DAY,
          metadata: {},
          price: annualPrice,
          quantity: 1,
          subscription: 'sub_1Trial',
        },
      ],
      has_more: false,
      total_count: 1,
      url: '/v1/subscription_items?subscription=sub_1Trial',
    },
    latest_invoice: 'in_1First',
    livemode: false,
    metadata: { userId: 'user-1' },
    pending_setup_intent: null,
    start_date: T0,
    status: 'trialing',
    trial_end: T0 + 7 * DAY,
    trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } },
    trial_start: T0,
    ...overrides,
  };
}

function checkoutSessionObject(overrides: Record<string, unknown> = {}) {
  return {
    id: 'cs_test_a1',
    object: 'checkout.session',
    amount_subtotal: 4999,
    amount_total: 0,
    cancel_url: 'https://stillpoint.app/subscription',
    created: T0,
    currency: 'usd',
    customer: 'cus_Person',
    customer_creation: null,
    customer_details: null,
    customer_email: null,
    expires_at: T0 + DAY,
    livemode: false,
    metadata: { userId: 'user-1' },
    mode: 'subscription',
    payment_intent: null,
    payment_method_collection: 'always',
    payment_status: 'unpaid',
    status: 'open',
    subscription: null,
    success_url: 'https://stillpoint.app/subscription?stripe_success=true',
    ui_mode: 'hosted',
    url: 'https://checkout.stripe.com/c/pay/cs_test_a1',
    ...overrides,
  };
}

describe('Stripe provider (against a local stand-in for the Stripe API)', () => {
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;
  let provider: PaymentProvider;
  let withPortalConfiguration: PaymentProvider;

  beforeAll(async () => {
    fake = await startFakeStripe();
    const options = {
      secretKey: 'sk_test_stillpoint',
      webhookSecret: 'whsec_test',
      sandbox: true,
      api: { host: '127.0.0.1', port: fake.port, protocol: 'http' as const },
    };
    provider = createStripeProvider({ ...options, portalConfigurationId: null });
    withPortalConfiguration = createStripeProvider({ ...options, portalConfigurationId: 'bpc_1Portal' });
  });
  afterAll(async () => fake.close());
  beforeEach(() => fake.answer());

  it('reads a price (prices.retrieve), and a missing one is null', async () => {
    fake.answer(
      on('GET', '/v1/prices/price_1Annual', annualPrice),
      on('GET', '/v1/prices/price_gone', missing('price_gone'), 404),
    );
    expect(provider.name).toBe('stripe');
    expect(provider.sandbox).toBe(true);
    expect(await provider.getPrice('price_1Annual')).toEqual({
      id: 'price_1Annual',
      unitAmount: 4999,
      currency: 'usd',
    });
    expect(await provider.getPrice('price_gone')).toBeNull();
    const [request] = fake.requests;
    expect(request?.authorization).toBe('Bearer sk_test_stillpoint');
    // The SDK pins its API version; the mapping is written for it.
    expect(request?.stripeVersion).toBe(Stripe.API_VERSION);
  });

  it('creates a customer with the user id in its metadata (customers.create)', async () => {
    fake.answer(
      on('POST', '/v1/customers', {
        id: 'cus_Person',
        object: 'customer',
        email: 'person@example.com',
        metadata: { userId: 'user-1' },
        created: T0,
        livemode: false,
      }),
    );
    const customer = await provider.createCustomer({ email: 'person@example.com', userId: 'user-1' });
    expect(customer).toEqual({ id: 'cus_Person', email: 'person@example.com', userId: 'user-1' });
    expect(fake.requests[0]?.form).toEqual({ email: 'person@example.com', 'metadata[userId]': 'user-1' });
  });

  it('reads a customer and its e-mail (customers.retrieve); a deleted or missing one is null', async () => {
    fake.answer(
      on('GET', '/v1/customers/cus_Person', {
        id: 'cus_Person',
        object: 'customer',
        email: 'typed-at-checkout@example.com',
        metadata: { userId: 'user-1' },
        created: T0,
        livemode: false,
      }),
      on('GET', '/v1/customers/cus_Deleted', { id: 'cus_Deleted', object: 'customer', deleted: true }),
      on('GET', '/v1/customers/cus_gone', missing('cus_gone'), 404),
    );
    expect(await provider.retrieveCustomer('cus_Person')).toEqual({
      id: 'cus_Person',
      email: 'typed-at-checkout@example.com',
      userId: 'user-1',
    });
    expect(await provider.retrieveCustomer('cus_Deleted')).toBeNull();
    expect(await provider.retrieveCustomer('cus_gone')).toBeNull();
  });

  describe('subscription intents for the embedded form (subscriptions.create)', () => {
    // Stripe: a trial's first invoice is $0, so default_incomplete leaves nothing incomplete and the
    // subscription is trialing at once, with a pending SetupIntent for the card.
    const pendingSetupIntent = (status: string) => ({
      id: 'seti_1Pending',
      object: 'setup_intent',
      client_secret: 'seti_1Pending_secret_abc',
      status,
      usage: 'off_session',
    });
    const embeddedTrial = (overrides: Record<string, unknown> = {}) =>
      subscriptionObject({
        default_payment_method: null,
        pending_setup_intent: pendingSetupIntent('requires_payment_method'),
        metadata: { userId: 'user-1', trialStartsOnSetup: 'true' },
        trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
        ...overrides,
      });

    it("with a trial: the pending SetupIntent's client secret, a trial marked to wait for its card that ends without one", async () => {
      fake.answer(on('POST', '/v1/subscriptions', embeddedTrial()));
      const intent = await provider.createSubscriptionIntent({
        customerId: 'cus_Person',
        priceId: 'price_1Annual',
        trialDays: 7,
        userId: 'user-1',
      });
      expect(intent).toEqual({
        clientSecret: 'seti_1Pending_secret_abc',
        type: 'setup',
        subscriptionId: 'sub_1Trial',
      });
      expect(fake.requests[0]?.form).toEqual({
        customer: 'cus_Person',
        'items[0][price]': 'price_1Annual',
        payment_behavior: 'default_incomplete',
        'payment_settings[save_default_payment_method]': 'on_subscription',
        trial_period_days: '7',
        'trial_settings[end_behavior][missing_payment_method]': 'cancel',
        'metadata[userId]': 'user-1',
        'metadata[trialStartsOnSetup]': 'true',
        'expand[0]': 'latest_invoice.confirmation_secret',
        'expand[1]': 'pending_setup_intent',
      });
    });

    it("carries a no-card trial over with trial_end (Stripe's seconds) instead of free days", async () => {
      fake.answer(on('POST', '/v1/subscriptions', embeddedTrial()));
      const trialEnd = new Date('2026-12-06T10:00:01.000Z');
      const intent = await provider.createSubscriptionIntent({
        customerId: 'cus_Person',
        priceId: 'price_1Annual',
        trialDays: 0,
        trialEnd,
        userId: 'user-1',
      });
      expect(intent.type).toBe('setup');
      const form = fake.requests[0]?.form;
      expect(form).toMatchObject({
        trial_end: String(trialEnd.getTime() / 1000),
        'trial_settings[end_behavior][missing_payment_method]': 'cancel',
        'metadata[trialStartsOnSetup]': 'true',
        'metadata[trialCarriedOver]': 'true',
      });
      expect(form).not.toHaveProperty('trial_period_days');
    });

    it('reads a trialing embedded-form subscription as awaiting its card until the setup succeeds', async () => {
      const awaiting = async (subscription: Record<string, unknown>) => {
        fake.answer(on('GET', '/v1/subscriptions/sub_1Trial', subscription));
        return (await provider.retrieveSubscription('sub_1Trial'))?.awaitingPaymentMethod;
      };
      // Trialing at once, before any card.
      expect(await awaiting(embeddedTrial())).toBe(true);
      expect(fake.requests[0]?.query).toEqual({
        'expand[0]': 'default_payment_method',
        'expand[1]': 'pending_setup_intent',
      });
      // The setup succeeded: whether Stripe has moved its card onto the subscription yet or not.
      expect(await awaiting(embeddedTrial({ pending_setup_intent: pendingSetupIntent('succeeded') }))).toBe(
        false,
      );
      expect(await awaiting(embeddedTrial({ pending_setup_intent: null }))).toBe(false);
      expect(await awaiting(embeddedTrial({ default_payment_method: 'pm_1Card' }))).toBe(false);
      // A hosted checkout's trial started without a card (deferPayment) is not the form's: it counts.
      expect(
        await awaiting(
          subscriptionObject({
            default_payment_method: null,
            trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
          }),
        ),
      ).toBe(false);
    });

    it("without a trial: the first invoice's confirmation_secret (API 2025-03-31.basil and later)", async () => {
      fake.answer(
        on(
          'POST',
          '/v1/subscriptions',
          subscriptionObject({
            id: 'sub_1Now',
            status: 'incomplete',
            trial_start: null,
            trial_end: null,
            latest_invoice: {
              id: 'in_1First',
              object: 'invoice',
              status: 'open',
              amount_due: 4999,
              confirmation_secret: { client_secret: 'pi_1First_secret_xyz', type: 'payment_intent' },
              parent: {
                type: 'subscription_details',
                subscription_details: { subscription: 'sub_1Now', metadata: {} },
              },
            },
          }),
        ),
      );
      const intent = await provider.createSubscriptionIntent({
        customerId: 'cus_Person',
        priceId: 'price_1Annual',
        trialDays: 0,
        userId: 'user-1',
      });
      expect(intent).toEqual({
        clientSecret: 'pi_1First_secret_xyz',
        type: 'payment',
        subscriptionId: 'sub_1Now',
      });
      expect(fake.requests[0]?.form).not.toHaveProperty('trial_period_days');
    });

    it('fails loudly when Stripe gives nothing to confirm', async () => {
      fake.answer(on('POST', '/v1/subscriptions', subscriptionObject({ latest_invoice: 'in_1First' })));
      await expect(
        provider.createSubscriptionIntent({
          customerId: 'cus_Person',
          priceId: 'price_1Annual',
          trialDays: 0,
          userId: 'u',
        }),
      ).rejects.toThrow('no invoice to confirm');
    });

    it("passes Stripe's errors on", async () => {
      fake.answer(
        on(
          'POST',
          '/v1/subscriptions',
          {
            error: {
              type: 'invalid_request_error',
              message: "No such customer: 'cus_gone'",
              param: 'customer',
            },
          },
          400,
        ),
      );
      await expect(
        provider.createSubscriptionIntent({
          customerId: 'cus_gone',
          priceId: 'price_1Annual',
          trialDays: 7,
          userId: 'u',
        }),
      ).rejects.toThrow("No such customer: 'cus_gone'");
    });
  });

  describe('Checkout Sessions (checkout.sessions.create / retrieve)', () => {
    const request = {
      mode: 'subscription' as const,
      priceId: 'price_1Annual',
      quantity: 1,
      customerId: 'cus_Person',
      trialDays: 7,
      paymentMethodCollection: 'always' as const,
      successUrl: 'https://stillpoint.app/subscription?stripe_success=true',
      cancelUrl: 'https://stillpoint.app/subscription',
      metadata: { userId: 'user-1', kind: 'subscription' },
    };

    it('creates a subscription checkout with a trial, metadata on the session and the subscription', async () => {
      fake.answer(on('POST', '/v1/checkout/sessions', checkoutSessionObject()));
      const session = await provider.createCheckoutSession(request);
      expect(session).toEqual({
        id: 'cs_test_a1',
        url: 'https://checkout.stripe.com/c/pay/cs_test_a1',
        mode: 'subscription',
        status: 'open',
        paymentStatus: 'unpaid',
        customerId: 'cus_Person',
        customerEmail: null,
        subscriptionId: null,
        quantity: 1,
        metadata: { userId: 'user-1' },
        paymentId: null,
      });
      expect(fake.requests[0]?.form).toEqual({
        mode: 'subscription',
        'line_items[0][price]': 'price_1Annual',
        'line_items[0][quantity]': '1',
        success_url: 'https://stillpoint.app/subscription?stripe_success=true',
        cancel_url: 'https://stillpoint.app/subscription',
        customer: 'cus_Person',
        'metadata[userId]': 'user-1',
        'metadata[kind]': 'subscription',
        payment_method_collection: 'always',
        'subscription_data[metadata][userId]': 'user-1',
        'subscription_data[metadata][kind]': 'subscription',
        'subscription_data[trial_period_days]': '7',
      });
    });

    it('skips the trial when asked, and a deferred-payment trial ends without a card', async () => {
      fake.answer(on('POST', '/v1/checkout/sessions', checkoutSessionObject()));
      await provider.createCheckoutSession({ ...request, trialDays: 0 });
      expect(fake.requests[0]?.form).not.toHaveProperty('subscription_data[trial_period_days]');
      expect(fake.requests[0]?.form).not.toHaveProperty(
        'subscription_data[trial_settings][end_behavior][missing_payment_method]',
      );

      await provider.createCheckoutSession({ ...request, paymentMethodCollection: 'if_required' });
      expect(fake.requests[1]?.form).toMatchObject({
        payment_method_collection: 'if_required',
        'subscription_data[trial_period_days]': '7',
        'subscription_data[trial_settings][end_behavior][missing_payment_method]': 'cancel',
      });
    });

    it("carries a no-card trial over with subscription_data.trial_end, Stripe's seconds, and no free days", async () => {
      fake.answer(on('POST', '/v1/checkout/sessions', checkoutSessionObject()));
      const trialEnd = new Date('2026-12-06T10:00:01.000Z');
      await provider.createCheckoutSession({ ...request, trialDays: 0, trialEnd });
      const form = fake.requests[0]?.form;
      expect(form).toMatchObject({
        payment_method_collection: 'always',
        'subscription_data[trial_end]': '1796551201',
        'subscription_data[metadata][trialCarriedOver]': 'true',
      });
      expect(form).not.toHaveProperty('subscription_data[trial_period_days]');
      expect(form).not.toHaveProperty(
        'subscription_data[trial_settings][end_behavior][missing_payment_method]',
      );

      await provider.createCheckoutSession({
        ...request,
        trialDays: 0,
        trialEnd,
        paymentMethodCollection: 'if_required',
      });
      expect(fake.requests[1]?.form).toMatchObject({
        'subscription_data[trial_end]': '1796551201',
        'subscription_data[trial_settings][end_behavior][missing_payment_method]': 'cancel',
      });
    });

    it('creates a gift checkout in payment mode with its quantity, for anyone', async () => {
      fake.answer(
        on(
          'POST',
          '/v1/checkout/sessions',
          checkoutSessionObject({
            id: 'cs_test_gift',
            mode: 'payment',
            customer: null,
            amount_total: 14997,
            metadata: { kind: 'gift' },
          }),
        ),
      );
      const session = await provider.createCheckoutSession({
        ...request,
        mode: 'payment',
        priceId: 'price_1Gift',
        quantity: 3,
        customerId: null,
        trialDays: 0,
        metadata: { kind: 'gift', giftPurchaseId: 'gift-1' },
      });
      expect(session).toMatchObject({ id: 'cs_test_gift', mode: 'payment', customerId: null, quantity: 3 });
      expect(fake.requests[0]?.form).toEqual({
        mode: 'payment',
        'line_items[0][price]': 'price_1Gift',
        'line_items[0][quantity]': '3',
        success_url: 'https://stillpoint.app/subscription?stripe_success=true',
        cancel_url: 'https://stillpoint.app/subscription',
        'metadata[kind]': 'gift',
        'metadata[giftPurchaseId]': 'gift-1',
        'payment_intent_data[metadata][kind]': 'gift',
        'payment_intent_data[metadata][giftPurchaseId]': 'gift-1',
      });
    });

    it('retrieves a completed session with its line items and the charge that paid it, and a missing one is null', async () => {
      fake.answer(
        on(
          'GET',
          '/v1/checkout/sessions/cs_test_done',
          checkoutSessionObject({
            id: 'cs_test_done',
            mode: 'payment',
            status: 'complete',
            payment_status: 'paid',
            customer: null,
            url: null,
            payment_intent: { id: 'pi_gift', object: 'payment_intent', latest_charge: 'ch_gift' },
            customer_details: {
              email: 'giver@example.com',
              name: null,
              phone: null,
              address: null,
              tax_exempt: 'none',
              tax_ids: [],
            },
            line_items: {
              object: 'list',
              data: [
                {
                  id: 'li_1',
                  object: 'item',
                  price: annualPrice,
                  quantity: 2,
                  amount_total: 9998,
                  currency: 'usd',
                },
              ],
              has_more: false,
              url: '/v1/checkout/sessions/cs_test_done/line_items',
            },
          }),
        ),
        on('GET', '/v1/checkout/sessions/cs_gone', missing('cs_gone'), 404),
      );
      expect(await provider.retrieveCheckoutSession('cs_test_done')).toEqual({
        id: 'cs_test_done',
        url: null,
        mode: 'payment',
        status: 'complete',
        paymentStatus: 'paid',
        customerId: null,
        customerEmail: 'giver@example.com',
        subscriptionId: null,
        quantity: 2,
        metadata: { userId: 'user-1' },
        paymentId: 'ch_gift',
      });
      expect(fake.requests[0]?.query).toEqual({ 'expand[0]': 'line_items', 'expand[1]': 'payment_intent' });
      expect(await provider.retrieveCheckoutSession('cs_gone')).toBeNull();
    });

    it("lists a customer's open sessions (checkout.sessions.list) and expires one (checkout.sessions.expire)", async () => {
      fake.answer(
        on('GET', '/v1/checkout/sessions', {
          object: 'list',
          url: '/v1/checkout/sessions',
          has_more: false,
          data: [checkoutSessionObject()],
        }),
        on(
          'POST',
          '/v1/checkout/sessions/cs_test_a1/expire',
          checkoutSessionObject({ status: 'expired', url: null }),
        ),
      );
      const open = await provider.listOpenCheckoutSessions('cus_Person');
      expect(open.map((session) => [session.id, session.status, session.mode])).toEqual([
        ['cs_test_a1', 'open', 'subscription'],
      ]);
      expect(fake.requests[0]?.query).toEqual({ customer: 'cus_Person', status: 'open', limit: '100' });
      await provider.expireCheckoutSession('cs_test_a1');
      expect(fake.requests[1]).toMatchObject({
        method: 'POST',
        path: '/v1/checkout/sessions/cs_test_a1/expire',
      });
    });

    it('leaves a session paid meanwhile as it is, but passes on a refusal to expire an open one', async () => {
      const refused = {
        error: {
          type: 'invalid_request_error',
          message: 'Only Checkout Sessions with a status in ["open"] can be expired.',
        },
      };
      fake.answer(
        on('POST', '/v1/checkout/sessions/cs_paid/expire', refused, 400),
        on(
          'GET',
          '/v1/checkout/sessions/cs_paid',
          checkoutSessionObject({ id: 'cs_paid', status: 'complete' }),
        ),
        on('POST', '/v1/checkout/sessions/cs_open/expire', refused, 400),
        on('GET', '/v1/checkout/sessions/cs_open', checkoutSessionObject({ id: 'cs_open' })),
      );
      await provider.expireCheckoutSession('cs_paid');
      await expect(provider.expireCheckoutSession('cs_open')).rejects.toThrow('can be expired');
    });
  });

  describe('subscriptions (subscriptions.retrieve / list)', () => {
    it('maps a subscription, reading the period from its item and the card from the expanded method', async () => {
      fake.answer(on('GET', '/v1/subscriptions/sub_1Trial', subscriptionObject()));
      const subscription = await provider.retrieveSubscription('sub_1Trial');
      expect(subscription).toEqual({
        id: 'sub_1Trial',
        customerId: 'cus_Person',
        priceId: 'price_1Annual',
        status: 'trialing',
        trialStart: new Date(T0 * 1000),
        trialEnd: new Date((T0 + 7 * DAY) * 1000),
        currentPeriodStart: new Date(T0 * 1000),
        currentPeriodEnd: new Date((T0 + 7 * DAY) * 1000),
        cancelAtPeriodEnd: false,
        endedAt: null,
        createdAt: new Date(T0 * 1000),
        paymentMethod: 'Visa ending in 4242',
        userId: 'user-1',
        awaitingPaymentMethod: false,
        trialCarriedOver: false,
      });
      expect(fake.requests[0]?.query).toEqual({
        'expand[0]': 'default_payment_method',
        'expand[1]': 'pending_setup_intent',
      });
    });

    it('maps an ended subscription, one paid by an unexpanded method, and a missing one', async () => {
      fake.answer(
        on(
          'GET',
          '/v1/subscriptions/sub_ended',
          subscriptionObject({
            id: 'sub_ended',
            status: 'canceled',
            cancel_at_period_end: true,
            ended_at: T0 + 7 * DAY,
            default_payment_method: 'pm_1Card',
            customer: { id: 'cus_Person', object: 'customer' },
            metadata: {},
          }),
        ),
        on('GET', '/v1/subscriptions/sub_gone', missing('sub_gone'), 404),
      );
      expect(await provider.retrieveSubscription('sub_ended')).toMatchObject({
        status: 'canceled',
        cancelAtPeriodEnd: true,
        endedAt: new Date((T0 + 7 * DAY) * 1000),
        paymentMethod: null,
        customerId: 'cus_Person',
        userId: null,
      });
      expect(await provider.retrieveSubscription('sub_gone')).toBeNull();
    });

    it('lists every subscription of a customer, canceled ones too, across pages', async () => {
      fake.answer((request) => {
        if (request.method !== 'GET' || request.path !== '/v1/subscriptions') return undefined;
        const second = request.query.starting_after === 'sub_a';
        return {
          body: {
            object: 'list',
            url: '/v1/subscriptions',
            has_more: !second,
            data: second
              ? [subscriptionObject({ id: 'sub_b', status: 'canceled', ended_at: T0 })]
              : [subscriptionObject({ id: 'sub_a', status: 'active' })],
          },
        };
      });
      const subscriptions = await provider.listCustomerSubscriptions('cus_Person');
      expect(subscriptions.map((subscription) => [subscription.id, subscription.status])).toEqual([
        ['sub_a', 'active'],
        ['sub_b', 'canceled'],
      ]);
      expect(fake.requests[0]?.query).toEqual({
        customer: 'cus_Person',
        status: 'all',
        limit: '100',
        'expand[0]': 'data.default_payment_method',
        'expand[1]': 'data.pending_setup_intent',
      });
      expect(fake.requests[1]?.query).toMatchObject({ starting_after: 'sub_a', status: 'all' });
    });

    it('cancels a subscription now (subscriptions.cancel), and one that has ended already is left alone', async () => {
      const refused = {
        error: {
          type: 'invalid_request_error',
          message: 'A canceled subscription can only update its cancellation_details and metadata.',
        },
      };
      fake.answer(
        on(
          'DELETE',
          '/v1/subscriptions/sub_1Trial',
          subscriptionObject({ status: 'canceled', ended_at: T0 }),
        ),
        on('DELETE', '/v1/subscriptions/sub_ended', refused, 400),
        on('GET', '/v1/subscriptions/sub_ended', subscriptionObject({ id: 'sub_ended', status: 'canceled' })),
        on('DELETE', '/v1/subscriptions/sub_live', refused, 400),
        on('GET', '/v1/subscriptions/sub_live', subscriptionObject({ id: 'sub_live', status: 'active' })),
      );
      await provider.cancelSubscription('sub_1Trial');
      expect(fake.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
        'DELETE /v1/subscriptions/sub_1Trial',
      ]);
      await provider.cancelSubscription('sub_ended');
      await expect(provider.cancelSubscription('sub_live')).rejects.toThrow('canceled subscription');
    });

    it("ends a trial now (subscriptions.update trial_end 'now'), and one no longer trialing is left alone", async () => {
      const refused = {
        error: { type: 'invalid_request_error', message: 'This subscription is not trialing.' },
      };
      fake.answer(
        on('POST', '/v1/subscriptions/sub_1Trial', subscriptionObject({ status: 'active', trial_end: T0 })),
        on('POST', '/v1/subscriptions/sub_paid', refused, 400),
        on('GET', '/v1/subscriptions/sub_paid', subscriptionObject({ id: 'sub_paid', status: 'active' })),
        on('POST', '/v1/subscriptions/sub_still', refused, 400),
        on('GET', '/v1/subscriptions/sub_still', subscriptionObject({ id: 'sub_still' })),
      );
      await provider.endTrialNow('sub_1Trial');
      expect(fake.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
        'POST /v1/subscriptions/sub_1Trial',
      ]);
      expect(fake.requests[0]?.form).toEqual({ trial_end: 'now' });
      await provider.endTrialNow('sub_paid');
      await expect(provider.endTrialNow('sub_still')).rejects.toThrow('not trialing');
    });
  });

  it('opens the billing portal (billingPortal.sessions.create), with the configuration when one is set', async () => {
    const portal = {
      id: 'bps_1Portal',
      object: 'billing_portal.session',
      configuration: 'bpc_default',
      created: T0,
      customer: 'cus_Person',
      livemode: false,
      return_url: 'https://stillpoint.app/subscription',
      url: 'https://billing.stripe.com/p/session/test_abc',
    };
    fake.answer(on('POST', '/v1/billing_portal/sessions', portal));
    const input = { customerId: 'cus_Person', returnUrl: 'https://stillpoint.app/subscription' };
    expect(await provider.createPortalSession(input)).toEqual({
      url: 'https://billing.stripe.com/p/session/test_abc',
    });
    expect(fake.requests[0]?.form).toEqual({
      customer: 'cus_Person',
      return_url: 'https://stillpoint.app/subscription',
    });

    await withPortalConfiguration.createPortalSession(input);
    expect(fake.requests[1]?.form).toEqual({
      customer: 'cus_Person',
      return_url: 'https://stillpoint.app/subscription',
      configuration: 'bpc_1Portal',
    });
  });

  it('opens the billing portal on updating the card, and back to the page once it is saved', async () => {
    fake.answer(
      on('POST', '/v1/billing_portal/sessions', {
        id: 'bps_1Card',
        object: 'billing_portal.session',
        configuration: 'bpc_default',
        created: T0,
        customer: 'cus_Person',
        livemode: false,
        return_url: 'https://stillpoint.app/subscription',
        url: 'https://billing.stripe.com/p/session/test_card',
        flow: null,
      }),
    );
    const url = await provider.createPortalSession({
      customerId: 'cus_Person',
      returnUrl: 'https://stillpoint.app/subscription',
      flow: 'payment_method_update',
    });
    expect(url).toEqual({ url: 'https://billing.stripe.com/p/session/test_card' });
    expect(fake.requests[0]?.form).toEqual({
      customer: 'cus_Person',
      return_url: 'https://stillpoint.app/subscription',
      'flow_data[type]': 'payment_method_update',
      'flow_data[after_completion][type]': 'redirect',
      'flow_data[after_completion][redirect][return_url]': 'https://stillpoint.app/subscription',
    });
  });
});
