import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  type CheckoutSession,
  PAYMENT_SIGNATURE_HEADER,
  PAYMENT_WEBHOOK_PATH,
  type PaymentProvider,
  type ProviderCustomer,
  type ProviderSubscription,
  type VerifiedPaymentEvent,
  WebhookSignatureError,
} from '../../src/integrations/payments/provider';
import { signWebhookPayload } from '../../src/integrations/payments/webhook-signature';
import { randomIp } from './auth';

/** A Stripe-shaped event around an object, as a payment provider would send it. */
export function stripeEvent(type: string, object: Record<string, unknown>, id = `evt_${randomUUID()}`) {
  return {
    id,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object },
  };
}

/** Posts a body to the payment webhook as the provider would, signature header and all. */
export function deliverPaymentWebhook(
  app: FastifyInstance,
  payload: string,
  signature: string | undefined,
  contentType = 'application/json',
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: PAYMENT_WEBHOOK_PATH,
    headers: {
      'content-type': contentType,
      ...(signature === undefined ? {} : { [PAYMENT_SIGNATURE_HEADER]: signature }),
    },
    payload,
    remoteAddress: randomIp(),
  });
}

/** Signs an event with the webhook secret and delivers it. */
export async function deliverSignedEvent(app: FastifyInstance, secret: string, event: unknown) {
  const payload = JSON.stringify(event);
  return deliverPaymentWebhook(app, payload, await signWebhookPayload(payload, secret));
}

/** One signed webhook as a provider sent it; tests keep them to deliver again, or out of order. */
export interface CapturedWebhook {
  payload: string;
  signature: string;
  type: string;
  id: string;
}

/**
 * A webhook delivery for createTestApp that hands every event on to the app, as the real one does,
 * and keeps a copy. Call `attach(app)` once the app exists. While paused, events are kept but not
 * handed on (the provider sees a 503 and will retry), so a test can deliver them itself, in any
 * order.
 */
export function capturingDelivery() {
  const captured: CapturedWebhook[] = [];
  let target: FastifyInstance | null = null;
  let paused = false;
  return {
    captured,
    attach(app: FastifyInstance) {
      target = app;
    },
    pause() {
      paused = true;
    },
    resume() {
      paused = false;
    },
    deliver: async ({ payload, signature }: { payload: string; signature: string }) => {
      const { id, type } = JSON.parse(payload) as { id: string; type: string };
      captured.push({ payload, signature, id, type });
      if (!target || paused) return { status: 503 };
      const res = await deliverPaymentWebhook(target, payload, signature);
      return { status: res.statusCode };
    },
  };
}

/**
 * Pays a hosted checkout of the local provider as a person would: the page's form, posted with a
 * test card. Answers the page's response (a 303 to the success URL when it went through).
 */
export function payOnHostedPage(
  app: FastifyInstance,
  checkoutUrl: string,
  cardNumber = '4242 4242 4242 4242',
) {
  return app.inject({
    method: 'POST',
    url: new URL(checkoutUrl).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      email: 'buyer@example.com',
      cardNumber,
      expiry: '12 / 34',
      cvc: '123',
    }).toString(),
    remoteAddress: randomIp(),
  });
}

/** A RevenueCat webhook body shaped like the samples in RevenueCat's documentation. */
export function revenueCatBody(event: Record<string, unknown>) {
  const now = Date.now();
  return {
    api_version: '1.0',
    event: {
      event_timestamp_ms: now,
      product_id: 'monthly_subscription',
      period_type: 'NORMAL',
      purchased_at_ms: now - 60_000,
      expiration_at_ms: now + 30 * 86_400_000,
      environment: 'PRODUCTION',
      entitlement_id: null,
      entitlement_ids: ['premium'],
      presented_offering_id: null,
      transaction_id: '123456789012345',
      original_transaction_id: '123456789012345',
      is_family_share: false,
      country_code: 'US',
      app_user_id: '$RCAnonymousID:8069238d6049ce87cc529853916d624c',
      aliases: ['$RCAnonymousID:8069238d6049ce87cc529853916d624c'],
      original_app_user_id: '$RCAnonymousID:87c6049c58069238dce29853916d624c',
      currency: 'USD',
      price: 6.99,
      price_in_purchased_currency: 6.99,
      subscriber_attributes: {},
      store: 'APP_STORE',
      takehome_percentage: 0.7,
      offer_code: null,
      type: 'INITIAL_PURCHASE',
      id: randomUUID().toUpperCase(),
      app_id: '1234567890',
      ...event,
    },
  };
}

export function postRevenueCat(app: FastifyInstance, body: unknown, authorization?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/webhooks/revenuecat',
    headers: {
      'content-type': 'application/json',
      ...(authorization === undefined ? {} : { authorization }),
    },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    remoteAddress: randomIp(),
  });
}

const notUsed = (what: string) => () => {
  throw new Error(`the fake payment provider does not ${what}`);
};

/**
 * A payment provider whose subscriptions a test sets directly, for fulfilment cases a real
 * provider cannot be steered into on cue (a slow fetch that loses a race, a status it reports
 * only after days).
 */
export function fakeProvider(name: 'stripe' | 'local' = 'stripe', sandbox = false) {
  const subscriptions = new Map<string, ProviderSubscription>();
  const sessions = new Map<string, CheckoutSession>();
  const customers = new Map<string, ProviderCustomer>();
  const holds = new Map<string, { asked: () => void; released: Promise<void> }>();
  /** Subscriptions canceled through the provider, in order. */
  const canceled: string[] = [];
  /** Subscriptions whose trial was ended through the provider, in order. */
  const trialsEnded: string[] = [];
  const provider: PaymentProvider = {
    name,
    sandbox,
    getPrice: async () => null,
    createCustomer: async ({ email, userId }) => {
      const customer = { id: `cus_fake_${randomUUID()}`, email, userId };
      customers.set(customer.id, customer);
      return customer;
    },
    retrieveCustomer: async (id) => customers.get(id) ?? null,
    createSubscriptionIntent: notUsed('create subscription intents'),
    createCheckoutSession: notUsed('create checkout sessions'),
    retrieveCheckoutSession: async (id) => sessions.get(id) ?? null,
    listOpenCheckoutSessions: async (customerId) =>
      [...sessions.values()].filter(
        (session) => session.customerId === customerId && session.status === 'open',
      ),
    expireCheckoutSession: async (id) => {
      const session = sessions.get(id);
      if (session?.status === 'open') sessions.set(id, { ...session, status: 'expired', url: null });
    },
    cancelSubscription: async (id) => {
      const subscription = subscriptions.get(id);
      canceled.push(id);
      if (!subscription || ['canceled', 'incomplete_expired'].includes(subscription.status)) return;
      const status = subscription.status === 'incomplete' ? 'incomplete_expired' : 'canceled';
      subscriptions.set(id, { ...subscription, status, endedAt: new Date() });
    },
    endTrialNow: async (id) => {
      const subscription = subscriptions.get(id);
      trialsEnded.push(id);
      if (subscription?.status !== 'trialing') return;
      const now = new Date();
      subscriptions.set(id, { ...subscription, status: 'active', trialEnd: now, currentPeriodStart: now });
    },
    retrieveSubscription: async (id) => {
      // Read now, answer later: a held fetch returns the state as it was when it was asked for.
      const snapshot = subscriptions.get(id);
      const hold = holds.get(id);
      if (hold) {
        holds.delete(id);
        hold.asked();
        await hold.released;
      }
      return snapshot ? structuredClone(snapshot) : null;
    },
    listCustomerSubscriptions: async (customerId) =>
      [...subscriptions.values()].filter((subscription) => subscription.customerId === customerId),
    createPortalSession: async ({ customerId }) => ({ url: `https://billing.example/portal/${customerId}` }),
    listCustomerPayments: async () => [],
    retrievePayment: async () => null,
    refundPayment: notUsed('refund payments'),
    verifyWebhook: () => {
      throw new WebhookSignatureError('the fake provider receives no webhooks');
    },
  };
  return {
    provider,
    canceled,
    trialsEnded,
    setSubscription(subscription: ProviderSubscription) {
      subscriptions.set(subscription.id, structuredClone(subscription));
    },
    setCheckoutSession(session: CheckoutSession) {
      sessions.set(session.id, session);
    },
    /**
     * The next fetch of `id` answers only once released; `asked` resolves when that fetch has
     * been made (and has read the state it will answer with).
     */
    holdNextFetch(id: string): { asked: Promise<void>; release: () => void } {
      let release = () => {};
      let markAsked = () => {};
      const asked = new Promise<void>((resolve) => {
        markAsked = resolve;
      });
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      holds.set(id, { asked: markAsked, released });
      return { asked, release };
    },
  };
}

/** A verified event as the provider's signature check hands it to fulfilment. */
export const verifiedEvent = (
  type: string,
  subscriptionId: string | null,
  overrides: Partial<VerifiedPaymentEvent> = {},
): VerifiedPaymentEvent => ({
  id: `evt_${randomUUID()}`,
  type,
  created: new Date(),
  objectType: 'subscription',
  objectId: subscriptionId ?? 'none',
  subscriptionId,
  ...overrides,
});

const DAY = 86_400_000;

/** A provider subscription in a given status, with dates around `now`. */
export function providerSubscription(
  overrides: Partial<ProviderSubscription> & Pick<ProviderSubscription, 'id' | 'customerId' | 'priceId'>,
  now = new Date(),
): ProviderSubscription {
  return {
    status: 'active',
    trialStart: null,
    trialEnd: null,
    currentPeriodStart: new Date(now.getTime() - DAY),
    currentPeriodEnd: new Date(now.getTime() + 29 * DAY),
    cancelAtPeriodEnd: false,
    endedAt: null,
    createdAt: new Date(now.getTime() - DAY),
    paymentMethod: 'Visa ending in 4242',
    userId: null,
    awaitingPaymentMethod: false,
    trialCarriedOver: false,
    ...overrides,
  };
}
