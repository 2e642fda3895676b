/**
 * The local provider's objects, in Stripe's shapes (snake_case, unix seconds), so the events it
 * sends read like Stripe's. Fields Stripe does not have are prefixed `local_` and describe test-mode
 * machinery (the test clock's failing charges, what an intent was created for).
 */

import type { CardDetails } from '@stillpoint/core';

export type { CardDetails };

export type Seconds = number;
export type Metadata = Record<string, string>;

export interface PriceObject {
  id: string;
  object: 'price';
  active: true;
  currency: string;
  unit_amount: number;
  type: 'recurring' | 'one_time';
  recurring: { interval: 'month' | 'year'; interval_count: number } | null;
  product: string;
  lookup_key: string;
  livemode: false;
}

export interface CustomerObject {
  id: string;
  object: 'customer';
  created: Seconds;
  email: string | null;
  metadata: Metadata;
  invoice_settings: { default_payment_method: string | null };
  livemode: false;
  /** The test clock's switch: while on, every charge to this customer fails. */
  local_charges_fail: boolean;
}

export interface PaymentMethodObject {
  id: string;
  object: 'payment_method';
  type: 'card';
  created: Seconds;
  customer: string | null;
  card: CardDetails & { funding: 'credit'; country: 'US' };
  livemode: false;
}

export interface SubscriptionItemObject {
  id: string;
  object: 'subscription_item';
  created: Seconds;
  price: PriceObject;
  quantity: number;
  current_period_start: Seconds;
  current_period_end: Seconds;
}

export type SubscriptionStatus =
  | 'incomplete'
  | 'incomplete_expired'
  | 'trialing'
  | 'active'
  | 'past_due'
  | 'canceled';

export interface SubscriptionObject {
  id: string;
  object: 'subscription';
  customer: string;
  status: SubscriptionStatus;
  created: Seconds;
  start_date: Seconds;
  billing_cycle_anchor: Seconds;
  trial_start: Seconds | null;
  trial_end: Seconds | null;
  trial_settings: { end_behavior: { missing_payment_method: 'cancel' | 'create_invoice' } };
  cancel_at_period_end: boolean;
  cancel_at: Seconds | null;
  canceled_at: Seconds | null;
  cancellation_details: { reason: 'cancellation_requested' | 'payment_failed' | null };
  ended_at: Seconds | null;
  currency: string;
  items: { object: 'list'; data: SubscriptionItemObject[] };
  default_payment_method: string | null;
  latest_invoice: string | null;
  /** The embedded form's SetupIntent while its card is not set up; cleared once it succeeds, as on Stripe. */
  pending_setup_intent: string | null;
  metadata: Metadata;
  livemode: false;
}

export interface InvoiceObject {
  id: string;
  object: 'invoice';
  customer: string;
  created: Seconds;
  status: 'open' | 'paid' | 'uncollectible' | 'void';
  billing_reason: 'subscription_create' | 'subscription_cycle';
  currency: string;
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  attempt_count: number;
  attempted: boolean;
  next_payment_attempt: Seconds | null;
  period_start: Seconds;
  period_end: Seconds;
  parent: {
    type: 'subscription_details';
    subscription_details: { subscription: string; metadata: Metadata };
  };
  confirmation_secret: { client_secret: string; type: 'payment_intent' } | null;
  status_transitions: { paid_at: Seconds | null };
  livemode: false;
}

/** What an intent completes once confirmed: a hosted checkout, or a subscription of the embedded form. */
export type IntentPurpose =
  | { kind: 'checkout'; session_id: string; email: string | null }
  | { kind: 'subscription'; subscription_id: string; invoice_id: string | null }
  | { kind: 'renewal'; subscription_id: string; invoice_id: string }
  /** A new card typed on the billing portal's card page, saved once authenticated. */
  | { kind: 'card_update'; portal_session_id: string };

export interface NextActionRedirect {
  type: 'redirect_to_url';
  redirect_to_url: { url: string; return_url: string };
}

export interface IntentError {
  code: string;
  decline_code?: string;
  message: string;
}

interface IntentCommon {
  id: string;
  created: Seconds;
  client_secret: string;
  customer: string | null;
  payment_method: string | null;
  next_action: NextActionRedirect | null;
  metadata: Metadata;
  livemode: false;
  local_purpose: IntentPurpose;
  /** The card waiting on authentication; it becomes a payment method once authenticated. */
  local_pending_card: CardDetails | null;
}

export interface SetupIntentObject extends IntentCommon {
  object: 'setup_intent';
  status: 'requires_payment_method' | 'requires_action' | 'succeeded' | 'canceled';
  usage: 'off_session';
  last_setup_error: IntentError | null;
}

export interface PaymentIntentObject extends IntentCommon {
  object: 'payment_intent';
  status: 'requires_payment_method' | 'requires_action' | 'succeeded' | 'canceled';
  amount: number;
  amount_received: number;
  currency: string;
  receipt_email: string | null;
  last_payment_error: IntentError | null;
}

export type IntentObject = SetupIntentObject | PaymentIntentObject;

/** A successful payment of a PaymentIntent, as Stripe's charge: what refunds are made against. */
export interface ChargeObject {
  id: string;
  object: 'charge';
  created: Seconds;
  customer: string | null;
  amount: number;
  amount_captured: number;
  /** What refunds have given back so far; the whole amount_captured once refunded in full. */
  amount_refunded: number;
  refunded: boolean;
  currency: string;
  paid: true;
  status: 'succeeded';
  payment_intent: string;
  /** What was bought ('Stillpoint Premium, yearly'), as the charge's description. */
  description: string | null;
  livemode: false;
}

/** A refund of part or all of a charge. Card refunds succeed at once here, as most do on Stripe. */
export interface RefundObject {
  id: string;
  object: 'refund';
  created: Seconds;
  amount: number;
  charge: string;
  payment_intent: string;
  currency: string;
  status: 'succeeded';
  reason: 'requested_by_customer';
  livemode: false;
  /** The Idempotency-Key it was made with: the same key again answers this refund, as on Stripe. */
  local_idempotency_key: string | null;
}

export interface LineItemObject {
  id: string;
  object: 'item';
  description: string;
  price: PriceObject;
  quantity: number;
  currency: string;
  amount_total: number;
}

export interface CheckoutSessionObject {
  id: string;
  object: 'checkout.session';
  created: Seconds;
  expires_at: Seconds;
  mode: 'subscription' | 'payment';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  customer: string | null;
  customer_email: string | null;
  customer_details: { email: string | null } | null;
  subscription: string | null;
  payment_intent: string | null;
  setup_intent: string | null;
  payment_method_collection: 'always' | 'if_required' | null;
  success_url: string;
  cancel_url: string;
  url: string | null;
  currency: string;
  amount_subtotal: number;
  amount_total: number;
  metadata: Metadata;
  line_items: { object: 'list'; data: LineItemObject[] };
  livemode: false;
  /**
   * What Stripe keeps from `subscription_data` at creation, applied when the session completes:
   * free days, or a set trial end (a carried-over trial; absent on sessions made before it existed).
   */
  local_subscription_data: {
    trial_period_days: number;
    trial_end?: Seconds | null;
    metadata: Metadata;
  } | null;
  /**
   * The last Pay the page refused, for the page its POST redirects to (POST-redirect-GET: Back
   * and reload never send the card form again). Absent on sessions made before it existed.
   */
  local_attempt?: CheckoutAttempt | null;
}

/**
 * A refused Pay, as the form shows it again: the e-mail typed and what was wrong. Never the card
 * number or security code: the person types the card again, as on Stripe's page.
 */
export interface CheckoutAttempt {
  /** Counts up per session; the page shows the attempt its address names, so an old one is a clean form. */
  number: number;
  email: string;
  errors: Partial<Record<'email' | 'cardNumber' | 'expiry' | 'cvc', string>>;
  /** A decline, shown above the form. */
  alert: string | null;
}

export interface PortalSessionObject {
  id: string;
  object: 'billing_portal.session';
  created: Seconds;
  customer: string;
  return_url: string;
  url: string;
  configuration: string;
  livemode: false;
  /** Stripe's portal links are short-lived; this one is refused after this instant. */
  local_expires_at: Seconds;
  /**
   * Stripe's portal deep link: the session opens on updating the card and, once it is saved,
   * sends the customer to the return URL. Absent (or null) for the portal's home page.
   */
  flow?: {
    type: 'payment_method_update';
    after_completion: { type: 'redirect'; redirect: { return_url: string } };
  } | null;
  /** The last card the card page refused, for the page its POST redirects to (POST-redirect-GET). */
  local_card_attempt?: CardUpdateAttempt | null;
}

/** A refused card on the portal's card page: what was wrong, never the card typed. */
export interface CardUpdateAttempt {
  /** Counts up per portal session; the page shows the attempt its address names. */
  number: number;
  errors: Partial<Record<'cardNumber' | 'expiry' | 'cvc', string>>;
  /** A decline or a failed authentication, shown above the form. */
  alert: string | null;
}

export type EventObject =
  | SubscriptionObject
  | InvoiceObject
  | CheckoutSessionObject
  | SetupIntentObject
  | PaymentIntentObject
  | ChargeObject
  | RefundObject;

export interface StripeEventObject {
  id: string;
  object: 'event';
  api_version: string;
  created: Seconds;
  type: string;
  data: { object: EventObject };
  livemode: false;
  /** Deliveries still owed: 1 until the webhook answers 2xx, as on Stripe's events. */
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
}

/**
 * Where the events go, as Stripe's webhook endpoint object: its `secret` signs them. One per
 * database, made at random the first time (webhook-secret.ts).
 */
export interface WebhookEndpointObject {
  id: string;
  object: 'webhook_endpoint';
  created: Seconds;
  secret: string;
  livemode: false;
}

export type LocalObject =
  | WebhookEndpointObject
  | CustomerObject
  | PaymentMethodObject
  | SubscriptionObject
  | InvoiceObject
  | SetupIntentObject
  | PaymentIntentObject
  | ChargeObject
  | RefundObject
  | CheckoutSessionObject
  | PortalSessionObject
  | StripeEventObject;

export type LocalObjectType = LocalObject['object'];
export type ObjectOfType<T extends LocalObjectType> = Extract<LocalObject, { object: T }>;
