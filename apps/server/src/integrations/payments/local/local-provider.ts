import type { CardInput } from '@stillpoint/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config';
import type { Database } from '../../../db/client';
import type {
  CheckoutSession,
  CheckoutSessionRequest,
  PaymentProvider,
  PortalFlow,
  ProviderCustomer,
  ProviderPayment,
  ProviderPrice,
  ProviderRefund,
  ProviderSubscription,
  ProviderSubscriptionIntent,
  VerifiedPaymentEvent,
  WebhookDelivery,
} from '../provider';
import { stripeSdk } from '../stripe-sdk';
import { verifyWebhookPayload } from '../webhook-signature';
import { type AuthenticationOutcome, finishAuthentication, waitingIntent } from './authentication';
import { endTrialNow, paymentMethodFor, toProviderSubscription } from './billing';
import { cancelNow } from './cancellation';
import { PriceCatalogue } from './catalogue';
import { refundCharge, toProviderPayment, toProviderRefund } from './charges';
import {
  type CheckoutForm,
  type CheckoutOutcome,
  createCheckoutSession,
  expireSession,
  isSessionOpen,
  newCustomer,
  submitCheckout,
  toCheckoutSession,
} from './checkout';
import {
  advanceClock,
  type ClockTarget,
  expireCheckoutSessions,
  liveSubscriptionIds,
  runDueFor,
  setChargesFail,
} from './clock';
import type { LocalContext } from './context';
import { type ConfirmInput, type ConfirmResult, confirmIntent, createSubscriptionIntent } from './embedded';
import { EventOutbox, EventRecorder } from './events';
import type { CheckoutSessionObject, IntentObject, Seconds, StripeEventObject } from './objects';
import {
  type CardPageView,
  type CardUpdateOutcome,
  cardPageView,
  changePlan,
  createPortalSession,
  openPortalSession,
  type PortalPlanAction,
  type PortalView,
  portalView,
  submitCardUpdate,
} from './portal';
import { SerialQueue } from './serial-queue';
import { LocalStore } from './store';
import { type LocalUrls, localUrls } from './urls';
import { webhookSecretOf } from './webhook-secret';

export interface LocalProviderDeps {
  db: Database;
  log: FastifyBaseLogger;
  deliver: WebhookDelivery;
  /**
   * Called after the test clock moved a customer's time forward, so that the rest of that
   * person's time-bound premium (the no-card trial) moves with it and what the product shows
   * stays one consistent moment.
   */
  onClockAdvanced?: (moved: { userId: string; bySeconds: Seconds }) => Promise<void>;
  /** How often due transitions run on their own (a real trial ending); 60 s by default. */
  clockIntervalMs?: number;
  /** How long a page action waits for its webhooks before redirecting; 5 s by default. */
  deliveryWaitMs?: number;
  retryDelaysMs?: readonly number[];
}

const nowSeconds = (): Seconds => Math.floor(Date.now() / 1000);

/** Whether the caller waits for the webhooks an action causes (page actions do) or not. */
type Delivery = 'wait' | 'background';

/**
 * The in-process provider that behaves like Stripe's test mode (decision 017): the
 * PaymentProvider calls, plus what its pages under /local-pay need.
 */
export class LocalPaymentProvider implements PaymentProvider {
  readonly name = 'local' as const;
  readonly sandbox = true;
  readonly urls: LocalUrls;

  private readonly store: LocalStore;
  private readonly catalogue: PriceCatalogue;
  private readonly outbox: EventOutbox;
  private readonly serial = new SerialQueue();
  private readonly timer: NodeJS.Timeout;
  private readonly deliveryWaitMs: number;
  private sweeping: Promise<void> | null = null;
  private closed = false;
  private secret: Promise<string> | null = null;

  constructor(
    private readonly config: Config,
    private readonly deps: LocalProviderDeps,
  ) {
    this.store = new LocalStore(deps.db);
    this.catalogue = new PriceCatalogue(config.prices);
    this.urls = localUrls(config.publicUrl);
    this.deliveryWaitMs = deps.deliveryWaitMs ?? 5_000;
    this.outbox = new EventOutbox({
      deliver: deps.deliver,
      secret: () => this.webhookSecret(),
      store: this.store,
      log: deps.log,
      ...(deps.retryDelaysMs ? { retryDelaysMs: deps.retryDelaysMs } : {}),
    });
    this.timer = setInterval(() => void this.runClock(), deps.clockIntervalMs ?? 60_000);
    this.timer.unref();
  }

  // ---- PaymentProvider ----

  async getPrice(priceId: string): Promise<ProviderPrice | null> {
    const price = this.catalogue.get(priceId);
    return price ? { id: price.id, unitAmount: price.unit_amount, currency: price.currency } : null;
  }

  createCustomer(input: { email: string | null; userId: string | null }): Promise<ProviderCustomer> {
    return this.change('background', async (ctx) => {
      const customer = await newCustomer(ctx, input);
      return { id: customer.id, email: customer.email, userId: customer.metadata.userId ?? null };
    });
  }

  createSubscriptionIntent(input: {
    customerId: string;
    priceId: string;
    trialDays: number;
    trialEnd?: Date | null;
    userId: string;
  }): Promise<ProviderSubscriptionIntent> {
    return this.change('background', (ctx) => createSubscriptionIntent(ctx, input));
  }

  async retrieveCustomer(id: string): Promise<ProviderCustomer | null> {
    const customer = await this.store.get('customer', id);
    return customer
      ? { id: customer.id, email: customer.email, userId: customer.metadata.userId ?? null }
      : null;
  }

  async createCheckoutSession(request: CheckoutSessionRequest): Promise<CheckoutSession> {
    const session = await this.change('background', (ctx) => createCheckoutSession(ctx, request));
    return toCheckoutSession(session);
  }

  async retrieveCheckoutSession(id: string): Promise<CheckoutSession | null> {
    const session = await this.store.get('checkout.session', id);
    if (!session) return null;
    const charge = session.payment_intent ? await this.store.chargeOfIntent(session.payment_intent) : null;
    return toCheckoutSession(session, charge?.id ?? null);
  }

  async listOpenCheckoutSessions(customerId: string): Promise<CheckoutSession[]> {
    const sessions = await this.store.list('checkout.session', { customerId });
    return sessions
      .filter((session) => isSessionOpen(session, nowSeconds()))
      .map((session) => toCheckoutSession(session));
  }

  async expireCheckoutSession(id: string): Promise<void> {
    await this.change('background', (ctx) => expireSession(ctx, id));
  }

  async cancelSubscription(id: string): Promise<void> {
    await this.change('background', (ctx) => cancelNow(ctx, id));
  }

  async endTrialNow(id: string): Promise<void> {
    await this.change('background', (ctx) => endTrialNow(ctx, id));
  }

  async retrieveSubscription(id: string): Promise<ProviderSubscription | null> {
    const subscription = await this.store.get('subscription', id);
    if (!subscription) return null;
    return toProviderSubscription(subscription, await paymentMethodFor({ store: this.store }, subscription));
  }

  async listCustomerSubscriptions(customerId: string): Promise<ProviderSubscription[]> {
    const subscriptions = await this.store.list('subscription', { customerId });
    return Promise.all(
      subscriptions.map(async (subscription) =>
        toProviderSubscription(subscription, await paymentMethodFor({ store: this.store }, subscription)),
      ),
    );
  }

  async createPortalSession(input: {
    customerId: string;
    returnUrl: string;
    flow?: PortalFlow;
  }): Promise<{ url: string }> {
    const session = await this.change('background', (ctx) => createPortalSession(ctx, input));
    return { url: session.url };
  }

  async listCustomerPayments(customerId: string): Promise<ProviderPayment[]> {
    const charges = await this.store.list('charge', { customerId });
    return Promise.all(charges.reverse().map((charge) => toProviderPayment(this.store, charge)));
  }

  async retrievePayment(id: string): Promise<ProviderPayment | null> {
    const charge = await this.store.get('charge', id);
    return charge ? toProviderPayment(this.store, charge) : null;
  }

  /** Waits for its webhooks, as a page action does: support sees the refund's effect on answer. */
  async refundPayment(input: {
    paymentId: string;
    amountCents?: number;
    idempotencyKey?: string;
  }): Promise<ProviderRefund> {
    return toProviderRefund(await this.change('wait', (ctx) => refundCharge(ctx, input)));
  }

  async verifyWebhook(rawBody: string, signatureHeader: string | undefined): Promise<VerifiedPaymentEvent> {
    return verifyWebhookPayload(rawBody, signatureHeader, await this.webhookSecret());
  }

  /** This database's signing secret (webhook-secret.ts), read once; a failed read is tried again. */
  webhookSecret(): Promise<string> {
    this.secret ??= webhookSecretOf(this.store, nowSeconds()).catch((error: unknown) => {
      this.secret = null;
      throw error;
    });
    return this.secret;
  }

  // ---- the hosted checkout page ----

  /** The session behind a checkout page, whatever its state; null when there is none. */
  checkoutSession(id: string): Promise<CheckoutSessionObject | null> {
    return this.store.get('checkout.session', id);
  }

  submitCheckout(id: string, form: CheckoutForm): Promise<CheckoutOutcome> {
    return this.change('wait', (ctx) => submitCheckout(ctx, id, form));
  }

  // ---- the authentication page ----

  /** The intent a person is authenticating, while it waits for them; null otherwise. */
  authenticationIntent(intentId: string): Promise<IntentObject | null> {
    return waitingIntent({ store: this.store }, intentId);
  }

  /** Completes or fails the authentication; returns where to send the person, null when there is nothing to do. */
  finishAuthentication(intentId: string, outcome: AuthenticationOutcome): Promise<string | null> {
    return this.change('wait', (ctx) => finishAuthentication(ctx, intentId, outcome));
  }

  // ---- the embedded form ----

  confirmIntent(input: ConfirmInput): Promise<ConfirmResult> {
    return this.change('wait', (ctx) => confirmIntent(ctx, input));
  }

  // ---- the billing portal and its test clock ----

  portalView(id: string): Promise<PortalView | null> {
    return portalView({ store: this.store, now: nowSeconds() }, id);
  }

  /** The portal's card page; null for an unknown or expired portal. */
  cardPage(portalId: string, attempt: string | undefined): Promise<CardPageView | null> {
    return cardPageView({ store: this.store, now: nowSeconds(), urls: this.urls }, portalId, attempt);
  }

  /** The card page's Save: a new card for the customer, which pays what a past-due plan owes. */
  updateCard(portalId: string, form: CardInput): Promise<CardUpdateOutcome> {
    return this.change('wait', (ctx) => submitCardUpdate(ctx, portalId, form));
  }

  /** Cancel at period end or resume; false when the portal or the subscription is not the customer's. */
  async changePlan(portalId: string, subscriptionId: string, action: PortalPlanAction): Promise<boolean> {
    const changed = await this.change('wait', (ctx) => changePlan(ctx, portalId, subscriptionId, action));
    return changed !== null;
  }

  /**
   * Moves the portal customer to their next billing date (or to their trial's reminder) and runs
   * what falls due. Returns the seconds moved, null when nothing was left to move, or undefined
   * for an unknown portal.
   */
  async advanceClock(
    portalId: string,
    target: ClockTarget = 'nextBillingDate',
  ): Promise<Seconds | null | undefined> {
    this.refuseInProduction();
    const moved = await this.change('wait', async (ctx) => {
      const session = await openPortalSession(ctx, portalId);
      if (!session) return undefined;
      const bySeconds = await advanceClock(ctx, session.customer, target);
      const customer = await ctx.store.get('customer', session.customer);
      return { bySeconds, userId: customer?.metadata.userId ?? null };
    });
    if (!moved) return undefined;
    const { bySeconds, userId } = moved;
    if (bySeconds !== null && userId && this.deps.onClockAdvanced) {
      await this.deps.onClockAdvanced({ userId, bySeconds });
    }
    return bySeconds;
  }

  /** The test clock's switch; false for an unknown portal. */
  async setChargesFail(portalId: string, fail: boolean): Promise<boolean> {
    this.refuseInProduction();
    return this.change('wait', async (ctx) => {
      const session = await openPortalSession(ctx, portalId);
      if (!session) return false;
      await setChargesFail(ctx, session.customer, fail);
      return true;
    });
  }

  /**
   * What the periodic clock does: every transition due by now, expired checkouts, and events whose
   * delivery failed. Tests call it to run the clock at once.
   */
  runClock(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.sweeping ??= this.sweep().finally(() => {
      this.sweeping = null;
    });
    return this.sweeping;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.sweeping;
    await this.serial.idle();
    await this.outbox.close();
  }

  // ---- internals ----

  private async sweep(): Promise<void> {
    try {
      const ids = await liveSubscriptionIds({ store: this.store });
      // One transaction per subscription, so one broken object cannot hold up the others.
      for (const id of ids) {
        if (this.closed) return;
        await this.change('background', (ctx) => runDueFor(ctx, id));
      }
      await this.change('background', (ctx) => expireCheckoutSessions(ctx));
      await this.outbox.resendUndelivered(nowSeconds());
    } catch (error) {
      this.deps.log.error({ err: error }, 'local payment provider: the clock failed');
    }
  }

  /**
   * Every change: one at a time, in one transaction together with the events it causes; the events
   * are delivered after the commit (the webhook reads the committed objects back).
   */
  private async change<T>(delivery: Delivery, work: (ctx: LocalContext) => Promise<T>): Promise<T> {
    const { API_VERSION } = await stripeSdk();
    const { result, events } = await this.serial.run(() =>
      this.store.transaction(async (store) => {
        const now = nowSeconds();
        const recorder = new EventRecorder(now, API_VERSION);
        const result = await work({
          store,
          catalogue: this.catalogue,
          urls: this.urls,
          now,
          events: recorder,
        });
        for (const event of recorder.events) await store.put(event);
        return { result, events: recorder.events as readonly StripeEventObject[] };
      }),
    );
    if (delivery === 'wait') await this.outbox.sendAndWait(events, this.deliveryWaitMs);
    else void this.outbox.send(events);
    return result;
  }

  private refuseInProduction(): void {
    if (this.config.isProduction) throw new Error('The test clock is not available in production.');
  }
}
