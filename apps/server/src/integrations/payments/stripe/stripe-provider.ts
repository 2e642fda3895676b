import { AGREEMENT_PARTS, LEGAL_PATHS } from '@stillpoint/core';
import Stripe from 'stripe';
import { paymentsUnavailable } from '../../../errors';
import {
  type CheckoutSession,
  type CheckoutSessionRequest,
  type PaymentProvider,
  type ProviderCustomer,
  type ProviderPayment,
  type ProviderPrice,
  type ProviderRefund,
  type ProviderSubscription,
  type ProviderSubscriptionIntent,
  RefundRefusedError,
  TRIAL_STARTS_ON_SETUP_METADATA_KEY,
  trialEndMetadata,
  type VerifiedPaymentEvent,
} from '../provider';
import { verifyWebhookPayload } from '../webhook-signature';
import {
  type ChargeInvoice,
  toCheckoutSession,
  toProviderPayment,
  toProviderRefund,
  toProviderSubscription,
} from './mapping';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  portalConfigurationId: string | null;
  sandbox: boolean;
  /**
   * The site's address, for the links to its terms and privacy policy beside Checkout's button;
   * without it Checkout shows none of its own.
   */
  publicUrl?: string;
  /** Where the API is; only tests change it (a local stand-in for api.stripe.com). */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

/** Stripe answers 404 `resource_missing` for an id it does not know; the interface says null. */
function isMissing(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeInvalidRequestError &&
    (error.statusCode === 404 || error.code === 'resource_missing')
  );
}

async function orNull<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/**
 * Runs a request Stripe refuses once its object has moved on (expiring a session that was paid
 * meanwhile, canceling a subscription that has ended); such a refusal is success when `done` says
 * the object is where the request would have put it.
 */
async function unlessDoneAlready(request: () => Promise<unknown>, done: () => Promise<boolean>) {
  try {
    await request();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && (await done())) return;
    throw error;
  }
}

/**
 * Stripe's refusals of a refund for its amount: more than is left, or a charge refunded in full
 * already. Any other error is a failure, not an answer for the person asking.
 */
const REFUND_AMOUNT_CODES: readonly string[] = ['amount_too_large', 'charge_already_refunded'];

const isRefundRefusal = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError && REFUND_AMOUNT_CODES.includes(error.code ?? '');

/** At most this many of a customer's charges are listed: support looks at the recent ones. */
const PAYMENTS_LISTED = 50;

const ENDED_STATUSES: readonly string[] = ['canceled', 'incomplete_expired'];

/**
 * A trial's length as Stripe takes it: a set end (trial_end, in seconds; a carried-over trial, at
 * least 48 hours ahead as Checkout requires) or a number of days.
 */
const trialLength = (days: number, end: Date | null | undefined) =>
  end != null ? { trial_end: Math.floor(end.getTime() / 1000) } : { trial_period_days: days };

/**
 * The agreement beside Checkout's button, with Markdown links to the site's terms and privacy
 * policy (Checkout's custom text takes them). Stripe itself states the price, the trial and the
 * renewal above it. Not Stripe's consent checkbox (consent_collection.terms_of_service): it
 * refuses every session unless a terms URL is set in the Stripe dashboard, which no configuration
 * here can check, so a missing dashboard setting would stop every purchase.
 */
function agreementText(publicUrl: string | undefined) {
  if (!publicUrl) return {};
  const link = (path: string, text: string) => `[${text}](${publicUrl}${path})`;
  const message =
    `${AGREEMENT_PARTS.before}${link(LEGAL_PATHS.terms, AGREEMENT_PARTS.terms)}` +
    `${AGREEMENT_PARTS.between}${link(LEGAL_PATHS.privacy, AGREEMENT_PARTS.privacy)}${AGREEMENT_PARTS.after}`;
  return { custom_text: { submit: { message } } };
}

/**
 * Stripe out of reach (no connection after the SDK's own retries), turning requests away (429) or
 * failing on its side (5xx): the call can succeed later, whatever it was.
 */
function isOutage(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeRateLimitError ||
    (error instanceof Stripe.errors.StripeError && (error.statusCode ?? 0) >= 500)
  );
}

/**
 * Every call to Stripe but the webhook check (which asks nothing of Stripe) answers an outage with
 * `paymentsUnavailable`, so each route that reaches Stripe answers 503 "try again" rather than 500.
 */
function outagesAsUnavailable(provider: PaymentProvider): PaymentProvider {
  const guarded = Object.entries(provider).map(([key, value]) => {
    if (typeof value !== 'function' || key === 'verifyWebhook') return [key, value];
    const call = value as (...args: unknown[]) => Promise<unknown>;
    return [
      key,
      async (...args: unknown[]) => {
        try {
          return await call(...args);
        } catch (error) {
          throw isOutage(error) ? paymentsUnavailable(error) : error;
        }
      },
    ];
  });
  return Object.fromEntries(guarded) as PaymentProvider;
}

/** The real adapter, through the official SDK at the API version it pins. */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Stillpoint' },
    ...(options.api ?? {}),
  });

  /**
   * The invoice a charge paid, for its subscription and what it was for. Since API version
   * 2025-03-31.basil a charge no longer names its invoice: the invoice's payments name the
   * charge's PaymentIntent.
   */
  async function invoiceOf(charge: Stripe.Charge): Promise<ChargeInvoice | null> {
    const paymentIntent =
      typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
    if (!paymentIntent) return null;
    const payments = await stripe.invoicePayments.list({
      payment: { type: 'payment_intent', payment_intent: paymentIntent },
      expand: ['data.invoice'],
      limit: 1,
    });
    const invoice = payments.data[0]?.invoice;
    return invoice && typeof invoice === 'object' && !invoice.deleted ? invoice : null;
  }

  return outagesAsUnavailable({
    name: 'stripe',
    sandbox: options.sandbox,

    async getPrice(priceId): Promise<ProviderPrice | null> {
      const price = await orNull(stripe.prices.retrieve(priceId));
      if (!price || price.unit_amount === null) return null;
      return { id: price.id, unitAmount: price.unit_amount, currency: price.currency };
    },

    async createCustomer({ email, userId }): Promise<ProviderCustomer> {
      const customer = await stripe.customers.create({
        ...(email ? { email } : {}),
        ...(userId ? { metadata: { userId } } : {}),
      });
      return { id: customer.id, email: customer.email ?? null, userId: customer.metadata?.userId ?? null };
    },

    async retrieveCustomer(id): Promise<ProviderCustomer | null> {
      const customer = await orNull(stripe.customers.retrieve(id));
      if (!customer || customer.deleted) return null;
      return { id: customer.id, email: customer.email ?? null, userId: customer.metadata?.userId ?? null };
    },

    async createSubscriptionIntent({
      customerId,
      priceId,
      trialDays,
      trialEnd,
      userId,
    }): Promise<ProviderSubscriptionIntent> {
      // default_incomplete leaves the first invoice for the embedded form to confirm. With a trial
      // nothing is due yet, so the subscription is trialing at once (before any card) and Stripe
      // offers a SetupIntent that saves the card for the first charge. The metadata marks it so
      // fulfilment grants nothing until that setup succeeds, and without a card the trial's end
      // cancels it instead of billing nobody.
      const trialing = trialEnd != null || trialDays > 0;
      const trial = trialing
        ? {
            ...trialLength(trialDays, trialEnd),
            trial_settings: { end_behavior: { missing_payment_method: 'cancel' as const } },
          }
        : {};
      const subscription = await stripe.subscriptions.create({
        customer: customerId,
        items: [{ price: priceId }],
        payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription' },
        ...trial,
        metadata: {
          userId,
          ...(trialing ? { [TRIAL_STARTS_ON_SETUP_METADATA_KEY]: 'true' } : {}),
          ...trialEndMetadata(trialEnd),
        },
        expand: ['latest_invoice.confirmation_secret', 'pending_setup_intent'],
      });
      if (trialing) {
        const setupIntent = subscription.pending_setup_intent;
        const clientSecret = typeof setupIntent === 'object' ? setupIntent?.client_secret : null;
        if (!clientSecret)
          throw new Error(`Stripe gave subscription ${subscription.id} no pending SetupIntent`);
        return { clientSecret, type: 'setup', subscriptionId: subscription.id };
      }
      // Since 2025-03-31.basil the invoice's PaymentIntent is reached through confirmation_secret.
      const invoice = subscription.latest_invoice;
      const clientSecret = typeof invoice === 'object' ? invoice?.confirmation_secret?.client_secret : null;
      if (!clientSecret) throw new Error(`Stripe gave subscription ${subscription.id} no invoice to confirm`);
      return { clientSecret, type: 'payment', subscriptionId: subscription.id };
    },

    async createCheckoutSession(request: CheckoutSessionRequest): Promise<CheckoutSession> {
      const lineItems = [{ price: request.priceId, quantity: request.quantity }];
      const common = {
        line_items: lineItems,
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        metadata: request.metadata,
        ...(request.customerId ? { customer: request.customerId } : {}),
        ...agreementText(options.publicUrl),
      };
      const trialing = request.trialEnd != null || request.trialDays > 0;
      const session =
        request.mode === 'subscription'
          ? await stripe.checkout.sessions.create({
              ...common,
              mode: 'subscription',
              payment_method_collection: request.paymentMethodCollection,
              subscription_data: {
                metadata: { ...request.metadata, ...trialEndMetadata(request.trialEnd) },
                ...(trialing ? trialLength(request.trialDays, request.trialEnd) : {}),
                // A trial started without a card ends the subscription instead of billing nobody.
                ...(trialing && request.paymentMethodCollection === 'if_required'
                  ? { trial_settings: { end_behavior: { missing_payment_method: 'cancel' as const } } }
                  : {}),
              },
            })
          : await stripe.checkout.sessions.create({
              ...common,
              mode: 'payment',
              payment_intent_data: { metadata: request.metadata },
            });
      return toCheckoutSession(session, request.quantity);
    },

    async retrieveCheckoutSession(id): Promise<CheckoutSession | null> {
      const session = await orNull(
        stripe.checkout.sessions.retrieve(id, { expand: ['line_items', 'payment_intent'] }),
      );
      return session ? toCheckoutSession(session) : null;
    },

    async listOpenCheckoutSessions(customerId): Promise<CheckoutSession[]> {
      const sessions: CheckoutSession[] = [];
      for await (const session of stripe.checkout.sessions.list({
        customer: customerId,
        status: 'open',
        limit: 100,
      })) {
        sessions.push(toCheckoutSession(session));
      }
      return sessions;
    },

    async expireCheckoutSession(id): Promise<void> {
      await unlessDoneAlready(
        () => stripe.checkout.sessions.expire(id),
        async () => (await orNull(stripe.checkout.sessions.retrieve(id)))?.status !== 'open',
      );
    },

    async retrieveSubscription(id): Promise<ProviderSubscription | null> {
      // The pending SetupIntent's state says whether an embedded-form trial has its card yet.
      const subscription = await orNull(
        stripe.subscriptions.retrieve(id, { expand: ['default_payment_method', 'pending_setup_intent'] }),
      );
      return subscription ? toProviderSubscription(subscription) : null;
    },

    async listCustomerSubscriptions(customerId): Promise<ProviderSubscription[]> {
      // status 'all': Stripe's default leaves out canceled subscriptions, which fulfilment needs too.
      const subscriptions: ProviderSubscription[] = [];
      for await (const subscription of stripe.subscriptions.list({
        customer: customerId,
        status: 'all',
        limit: 100,
        expand: ['data.default_payment_method', 'data.pending_setup_intent'],
      })) {
        subscriptions.push(toProviderSubscription(subscription));
      }
      return subscriptions;
    },

    async cancelSubscription(id): Promise<void> {
      await unlessDoneAlready(
        () => stripe.subscriptions.cancel(id),
        async () => {
          const subscription = await orNull(stripe.subscriptions.retrieve(id));
          return subscription === null || ENDED_STATUSES.includes(subscription.status);
        },
      );
    },

    async endTrialNow(id): Promise<void> {
      await unlessDoneAlready(
        () => stripe.subscriptions.update(id, { trial_end: 'now' }),
        async () => (await orNull(stripe.subscriptions.retrieve(id)))?.status !== 'trialing',
      );
    },

    async createPortalSession({ customerId, returnUrl, flow }) {
      const session = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
        ...(options.portalConfigurationId ? { configuration: options.portalConfigurationId } : {}),
        // Straight to the card form; once the card is saved, back to the page that sent them.
        ...(flow
          ? {
              flow_data: {
                type: flow,
                after_completion: { type: 'redirect', redirect: { return_url: returnUrl } },
              },
            }
          : {}),
      });
      return { url: session.url };
    },

    async listCustomerPayments(customerId): Promise<ProviderPayment[]> {
      // Stripe lists charges newest first. Failed attempts are charges too; only paid ones count.
      const charges = await stripe.charges.list({ customer: customerId, limit: PAYMENTS_LISTED });
      const paid = charges.data.filter((charge) => charge.paid && charge.status === 'succeeded');
      return Promise.all(paid.map(async (charge) => toProviderPayment(charge, await invoiceOf(charge))));
    },

    async retrievePayment(id): Promise<ProviderPayment | null> {
      const charge = await orNull(stripe.charges.retrieve(id));
      if (!charge?.paid || charge.status !== 'succeeded') return null;
      return toProviderPayment(charge, await invoiceOf(charge));
    },

    async refundPayment({ paymentId, amountCents, idempotencyKey }): Promise<ProviderRefund> {
      try {
        const refund = await stripe.refunds.create(
          {
            charge: paymentId,
            ...(amountCents === undefined ? {} : { amount: amountCents }),
            reason: 'requested_by_customer',
          },
          idempotencyKey ? { idempotencyKey } : undefined,
        );
        return toProviderRefund(refund, paymentId);
      } catch (error) {
        if (isRefundRefusal(error)) throw new RefundRefusedError((error as Error).message);
        throw error;
      }
    },

    verifyWebhook(rawBody, signatureHeader): Promise<VerifiedPaymentEvent> {
      return verifyWebhookPayload(rawBody, signatureHeader, options.webhookSecret);
    },
  });
}
