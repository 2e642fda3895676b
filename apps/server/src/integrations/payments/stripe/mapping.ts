import type Stripe from 'stripe';
import { cardLabel } from '../card-label';
import {
  type CheckoutSession,
  type ProviderPayment,
  type ProviderRefund,
  type ProviderSubscription,
  type ProviderSubscriptionStatus,
  TRIAL_CARRIED_OVER_METADATA_KEY,
  TRIAL_STARTS_ON_SETUP_METADATA_KEY,
} from '../provider';

const date = (seconds: number | null | undefined): Date | null =>
  typeof seconds === 'number' ? new Date(seconds * 1000) : null;

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/** The SDK types enums as open strings; a value we do not know is a loud failure, not a guess. */
function oneOf<T extends string>(value: string, known: readonly T[], what: string): T {
  if (!(known as readonly string[]).includes(value))
    throw new Error(`Stripe returned an unknown ${what}: ${value}`);
  return value as T;
}

const statuses: readonly ProviderSubscriptionStatus[] = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
];

/** The card, when `default_payment_method` was expanded; an id alone says nothing a person can read. */
function paymentMethodLabel(method: Stripe.Subscription['default_payment_method']): string | null {
  if (!method || typeof method === 'string' || method.type !== 'card' || !method.card) return null;
  return cardLabel(method.card.brand, method.card.last4);
}

/**
 * Whether the subscription still waits on its SetupIntent: one is pending and, when expanded, has
 * not succeeded. An id alone says nothing about its state, so it counts as waiting.
 */
function setupPending(intent: Stripe.Subscription['pending_setup_intent']): boolean {
  if (intent === null) return false;
  return typeof intent === 'string' || intent.status !== 'succeeded';
}

/**
 * Since API version 2025-03-31.basil the billing period lives on each subscription item, not on
 * the subscription; ours have one item, and its price is the plan.
 */
export function toProviderSubscription(subscription: Stripe.Subscription): ProviderSubscription {
  const item = subscription.items.data[0];
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    priceId: item?.price.id ?? '',
    status: oneOf(subscription.status, statuses, 'subscription status'),
    trialStart: date(subscription.trial_start),
    trialEnd: date(subscription.trial_end),
    currentPeriodStart: date(item?.current_period_start),
    currentPeriodEnd: date(item?.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    endedAt: date(subscription.ended_at),
    createdAt: new Date(subscription.created * 1000),
    paymentMethod: paymentMethodLabel(subscription.default_payment_method),
    userId: subscription.metadata?.userId ?? null,
    awaitingPaymentMethod:
      subscription.metadata?.[TRIAL_STARTS_ON_SETUP_METADATA_KEY] === 'true' &&
      subscription.default_payment_method == null &&
      setupPending(subscription.pending_setup_intent),
    trialCarriedOver: subscription.metadata?.[TRIAL_CARRIED_OVER_METADATA_KEY] === 'true',
  };
}

/** The charge that paid a checkout, when its PaymentIntent was expanded (its latest_charge). */
function chargeOf(intent: Stripe.Checkout.Session['payment_intent']): string | null {
  return intent && typeof intent === 'object' ? idOf(intent.latest_charge) : null;
}

/** `quantity` is read from the expanded line items; a freshly created session passes what it asked for. */
export function toCheckoutSession(session: Stripe.Checkout.Session, quantity?: number): CheckoutSession {
  return {
    id: session.id,
    url: session.url,
    mode: oneOf(session.mode, ['subscription', 'payment'], 'Checkout Session mode'),
    status: oneOf(session.status ?? 'open', ['open', 'complete', 'expired'], 'Checkout Session status'),
    paymentStatus: oneOf(
      session.payment_status,
      ['paid', 'unpaid', 'no_payment_required'],
      'Checkout Session payment status',
    ),
    customerId: idOf(session.customer),
    customerEmail: session.customer_details?.email ?? session.customer_email ?? null,
    subscriptionId: idOf(session.subscription),
    quantity: quantity ?? session.line_items?.data[0]?.quantity ?? 1,
    metadata: { ...(session.metadata ?? {}) },
    paymentId: chargeOf(session.payment_intent),
  };
}

/** The invoice a charge paid, when it paid one. */
export type ChargeInvoice = Stripe.Invoice;

/** A paid charge; `invoice` (looked up separately since basil) names its subscription and plan. */
export function toProviderPayment(charge: Stripe.Charge, invoice: ChargeInvoice | null): ProviderPayment {
  return {
    id: charge.id,
    customerId: idOf(charge.customer),
    amountCents: charge.amount_captured,
    currency: charge.currency,
    paidAt: new Date(charge.created * 1000),
    refundedCents: charge.amount_refunded,
    description: invoice?.lines.data[0]?.description ?? charge.description ?? null,
    subscriptionId: idOf(invoice?.parent?.subscription_details?.subscription ?? null),
  };
}

const refundStatuses: Record<string, ProviderRefund['status']> = {
  pending: 'pending',
  requires_action: 'pending',
  succeeded: 'succeeded',
  failed: 'failed',
  canceled: 'failed',
};

export function toProviderRefund(refund: Stripe.Refund, paymentId: string): ProviderRefund {
  return {
    id: refund.id,
    paymentId: idOf(refund.charge) ?? paymentId,
    amountCents: refund.amount,
    status: refundStatuses[refund.status ?? 'pending'] ?? 'pending',
  };
}
