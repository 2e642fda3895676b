/**
 * The payment provider seam (DESIGN "payments"): Stripe in real deployments, the local test
 * provider offline (decision 017). Both answer in these shapes, deliver their events to the same
 * webhook with Stripe's signature scheme, and feed one fulfilment path in modules/payments.
 */

/** Where both providers deliver their signed events. */
export const PAYMENT_WEBHOOK_PATH = '/api/webhooks/payments';
/** The header carrying the signature, in Stripe's `t=…,v1=…` scheme. */
export const PAYMENT_SIGNATURE_HEADER = 'stripe-signature';

export type PaymentProviderName = 'stripe' | 'local';

/**
 * Subscription metadata that marks a trial made for the embedded form: the provider starts it
 * `trialing` before any card is given (Stripe does), so it counts only once its setup succeeds.
 */
export const TRIAL_STARTS_ON_SETUP_METADATA_KEY = 'trialStartsOnSetup';

/**
 * Subscription metadata that marks a trial given with a set end (`trialEnd`) rather than a number
 * of days: the rest of the no-card trial, carried over, the only trial given that way. Its end
 * alone cannot tell it from a second trial: 7 days started in the second after the no-card trial
 * began end on the very second the no-card trial ends.
 */
export const TRIAL_CARRIED_OVER_METADATA_KEY = 'trialCarriedOver';

/** The metadata a subscription whose trial ends at `trialEnd` is created with. */
export const trialEndMetadata = (trialEnd: Date | number | null | undefined): Record<string, string> =>
  trialEnd != null ? { [TRIAL_CARRIED_OVER_METADATA_KEY]: 'true' } : {};

/** Stripe's subscription statuses, which the local provider uses too. */
export type ProviderSubscriptionStatus =
  | 'incomplete'
  | 'incomplete_expired'
  | 'trialing'
  | 'active'
  | 'past_due'
  | 'canceled'
  | 'unpaid'
  | 'paused';

export interface ProviderCustomer {
  id: string;
  email: string | null;
  /** Our user id, from the customer's metadata; null for a customer made from an e-mail alone. */
  userId: string | null;
}

export interface ProviderSubscription {
  id: string;
  customerId: string;
  priceId: string;
  status: ProviderSubscriptionStatus;
  trialStart: Date | null;
  trialEnd: Date | null;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  endedAt: Date | null;
  createdAt: Date;
  /** How it is paid, as a person reads it ('Visa ending in 4242'); null with no card on file. */
  paymentMethod: string | null;
  /** Our user id from the subscription's metadata, when it was created with one. */
  userId: string | null;
  /**
   * A trial made for the embedded form whose card was never set up: its SetupIntent has not
   * succeeded and no payment method is on the subscription. It grants nothing until that changes.
   */
  awaitingPaymentMethod: boolean;
  /** Its trial was given with a set end: the no-card trial carried over (TRIAL_CARRIED_OVER_METADATA_KEY). */
  trialCarriedOver: boolean;
}

export interface ProviderPrice {
  id: string;
  /** In cents (Stripe's unit_amount). */
  unitAmount: number;
  /** Lower-case ISO code, as Stripe reports it. */
  currency: string;
}

/** SPEC §3 subscription payment result: what the embedded payment form confirms. */
export interface ProviderSubscriptionIntent {
  clientSecret: string;
  /** 'setup' saves a card for a trial (SetupIntent); 'payment' charges now (PaymentIntent). */
  type: 'setup' | 'payment';
  subscriptionId: string;
}

export interface CheckoutSessionRequest {
  mode: 'subscription' | 'payment';
  priceId: string;
  quantity: number;
  /** Subscriptions are bought by a known customer; a gift may be bought by anyone. */
  customerId: string | null;
  /** Free days before the first charge; 0 charges at once. Subscriptions only. */
  trialDays: number;
  /**
   * Or when the trial ends (Stripe's subscription_data.trial_end): the no-card trial's remaining
   * days carried over. At least 48 hours ahead; takes the place of trialDays when set.
   */
  trialEnd?: Date | null;
  /**
   * 'if_required' lets a trial start without a card (deferPayment); 'always' asks for one.
   * Payments always take a card.
   */
  paymentMethodCollection: 'always' | 'if_required';
  /** Absolute URLs on this site; the provider sends the buyer back there. */
  successUrl: string;
  cancelUrl: string;
  /** Copied onto the session and, for subscriptions, the subscription: userId, kind, giftPurchaseId... */
  metadata: Record<string, string>;
}

export interface CheckoutSession {
  id: string;
  /** Where to send the buyer: Stripe's hosted page, or the local provider's. */
  url: string | null;
  mode: 'subscription' | 'payment';
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  customerId: string | null;
  /** The e-mail the buyer typed on the hosted page, once complete. */
  customerEmail: string | null;
  subscriptionId: string | null;
  quantity: number;
  metadata: Record<string, string>;
  /**
   * The charge that paid a one-time checkout (`ch_…`: Stripe's payment_intent.latest_charge),
   * which a refund names; null until paid, and for a subscription's checkout.
   */
  paymentId: string | null;
}

/**
 * A webhook event whose signature checked out. Only ids are read from it: fulfilment fetches the
 * object again from the provider rather than trusting the payload (which may also be stale).
 */
export interface VerifiedPaymentEvent {
  id: string;
  /** Stripe's event type, e.g. customer.subscription.updated, checkout.session.completed, invoice.paid. */
  type: string;
  created: Date;
  /** The event's object: its Stripe type ('subscription', 'checkout.session', 'invoice', ...) and id. */
  objectType: string;
  objectId: string;
  /** The subscription the object belongs to (itself, an invoice's or a completed checkout's), if any. */
  subscriptionId: string | null;
}

/** A paid charge, as support sees it: what was paid and how much of it has been refunded. */
export interface ProviderPayment {
  /** The provider's charge id (`ch_…`); refunds name it. */
  id: string;
  /** The customer who paid; null for a guest checkout (a gift bought without an account). */
  customerId: string | null;
  amountCents: number;
  /** Lower-case ISO code, as Stripe reports it. */
  currency: string;
  paidAt: Date;
  refundedCents: number;
  /** What was bought, as the provider describes it (the plan's name); null when it says nothing. */
  description: string | null;
  /** The subscription whose invoice it paid; null for a one-time payment. */
  subscriptionId: string | null;
}

/** A refund as the provider took it; `pending` until it settles (its webhook says how). */
export interface ProviderRefund {
  id: string;
  paymentId: string;
  amountCents: number;
  status: 'pending' | 'succeeded' | 'failed';
}

/**
 * The provider refused a refund for its amount: more than is left on the charge, or nothing is
 * left. The caller answers it in a person's words; anything else a provider throws is a failure.
 */
export class RefundRefusedError extends Error {
  override name = 'RefundRefusedError';
}

/** A webhook whose signature is missing, stale or wrong: answered with a 400 and otherwise ignored. */
export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

/** A billing portal that opens on one task: updating the card (Stripe's `flow_data.type`). */
export type PortalFlow = 'payment_method_update';

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Test-mode purchases (Stripe test keys, the local provider): plan names get 'sandbox '. */
  readonly sandbox: boolean;
  /** null when the provider has no such price. */
  getPrice(priceId: string): Promise<ProviderPrice | null>;
  createCustomer(input: { email: string | null; userId: string | null }): Promise<ProviderCustomer>;
  /** The customer as the provider has it now (its e-mail, which checkout may have set); null when unknown. */
  retrieveCustomer(id: string): Promise<ProviderCustomer | null>;
  /**
   * A subscription for the embedded form to confirm a card for: with a trial it is trialing at
   * once with a pending SetupIntent (and ends at the trial's end without a card); without one it
   * is incomplete until the first invoice's PaymentIntent is paid.
   */
  createSubscriptionIntent(input: {
    customerId: string;
    priceId: string;
    trialDays: number;
    /** When the trial ends instead of after trialDays (Stripe's trial_end): a carried-over trial. */
    trialEnd?: Date | null;
    userId: string;
  }): Promise<ProviderSubscriptionIntent>;
  createCheckoutSession(request: CheckoutSessionRequest): Promise<CheckoutSession>;
  retrieveCheckoutSession(id: string): Promise<CheckoutSession | null>;
  /** The customer's checkout sessions that can still be paid. */
  listOpenCheckoutSessions(customerId: string): Promise<CheckoutSession[]>;
  /** Closes an open checkout session so it can no longer be paid; one no longer open is left as it is. */
  expireCheckoutSession(id: string): Promise<void>;
  retrieveSubscription(id: string): Promise<ProviderSubscription | null>;
  listCustomerSubscriptions(customerId: string): Promise<ProviderSubscription[]>;
  /**
   * Ends a subscription now, without a refund (Stripe's subscriptions.cancel): an incomplete one
   * becomes incomplete_expired, any other canceled. One that has ended already is left as it is.
   */
  cancelSubscription(id: string): Promise<void>;
  /**
   * Ends a trialing subscription's trial now (Stripe's trial_end 'now'): its first period starts
   * and is charged at once. One no longer trialing is left as it is.
   */
  endTrialNow(id: string): Promise<void>;
  /**
   * The billing portal, where the customer cancels, resumes and changes their card. With `flow`
   * 'payment_method_update' it opens straight on changing the card (Stripe's portal deep link),
   * and sends the customer back to `returnUrl` once the card is saved.
   */
  createPortalSession(input: {
    customerId: string;
    returnUrl: string;
    flow?: PortalFlow;
  }): Promise<{ url: string }>;
  /** The customer's paid charges, newest first (refunded ones too). */
  listCustomerPayments(customerId: string): Promise<ProviderPayment[]>;
  /** One charge as the provider has it now; null when unknown (or not paid). */
  retrievePayment(id: string): Promise<ProviderPayment | null>;
  /**
   * Refunds `amountCents` of a charge (all that is left when left out): Stripe's refunds.create.
   * Two calls with the same `idempotencyKey` make one refund, the second answering the first's.
   * Throws RefundRefusedError when the amount is more than is left.
   */
  refundPayment(input: {
    paymentId: string;
    amountCents?: number;
    idempotencyKey?: string;
  }): Promise<ProviderRefund>;
  /** Checks the signature on the raw body; throws WebhookSignatureError when it fails. */
  verifyWebhook(rawBody: string, signatureHeader: string | undefined): Promise<VerifiedPaymentEvent>;
}

/** Hands a signed event to the webhook endpoint: over HTTP to this server, or injected in tests. */
export type WebhookDelivery = (event: { payload: string; signature: string }) => Promise<{ status: number }>;
