import { PAYMENT_RETRY_WINDOW_DAYS } from '@stillpoint/core';
import { cardLabel } from '../card-label';
import {
  type ProviderSubscription,
  TRIAL_CARRIED_OVER_METADATA_KEY,
  TRIAL_STARTS_ON_SETUP_METADATA_KEY,
} from '../provider';
import { DECLINED_MESSAGE } from './cards';
import { addPeriod } from './catalogue';
import { recordCharge } from './charges';
import type { LocalContext } from './context';
import { newClientSecret, newId } from './ids';
import type {
  CardDetails,
  CustomerObject,
  InvoiceObject,
  Metadata,
  PaymentIntentObject,
  PaymentMethodObject,
  PriceObject,
  Seconds,
  SubscriptionObject,
} from './objects';

const DAY: Seconds = 86_400;
/**
 * When a failed renewal is tried again, in days after its first attempt, as a Stripe custom retry
 * schedule would (so it is charged at most four times): the last retry falls at the end of the retry window (core's
 * PAYMENT_RETRY_WINDOW_DAYS, during which premium stays on), and when it fails too the
 * subscription is canceled, as Stripe's "cancel the subscription if all retries fail".
 */
export const RETRY_SCHEDULE_DAYS: readonly number[] = [3, 7, PAYMENT_RETRY_WINDOW_DAYS];
/** Stripe expires a subscription whose first payment was never confirmed after 23 hours. */
const INCOMPLETE_EXPIRES_AFTER: Seconds = 23 * 3600;

/** Subscriptions that still move on their own: the clock and the periodic sweep look at these. */
export const LIVE_STATUSES = ['incomplete', 'trialing', 'active', 'past_due'] as const;

export const periodOf = (subscription: SubscriptionObject) => {
  const item = subscription.items.data[0];
  if (!item) throw new Error(`subscription ${subscription.id} has no item`);
  return item;
};

export async function createPaymentMethod(
  ctx: LocalContext,
  customer: CustomerObject,
  card: CardDetails,
): Promise<PaymentMethodObject> {
  const method: PaymentMethodObject = {
    id: newId('pm'),
    object: 'payment_method',
    type: 'card',
    created: ctx.now,
    customer: customer.id,
    card: { ...card, funding: 'credit', country: 'US' },
    livemode: false,
  };
  await ctx.store.put(method);
  // Like save_default_payment_method: the newest card pays every later invoice.
  await ctx.store.put({ ...customer, invoice_settings: { default_payment_method: method.id } });
  return method;
}

export async function loadCustomer(ctx: LocalContext, customerId: string): Promise<CustomerObject> {
  const customer = await ctx.store.get('customer', customerId);
  if (!customer) throw new Error(`local customer ${customerId} is missing`);
  return customer;
}

interface NewSubscription {
  customerId: string;
  price: PriceObject;
  metadata: Metadata;
  trialDays: number;
  status: 'incomplete' | 'trialing' | 'active';
  defaultPaymentMethod: string | null;
  /** A trial begun without a card ends at the trial's end (Checkout's deferred payment). */
  cancelWithoutCard: boolean;
}

export function buildSubscription(ctx: LocalContext, input: NewSubscription): SubscriptionObject {
  const recurring = input.price.recurring;
  if (!recurring) throw new Error(`price ${input.price.id} is not recurring`);
  const trialing = input.status === 'trialing';
  const periodEnd = trialing ? ctx.now + input.trialDays * DAY : addPeriod(ctx.now, recurring);
  return {
    id: newId('sub'),
    object: 'subscription',
    customer: input.customerId,
    status: input.status,
    created: ctx.now,
    start_date: ctx.now,
    billing_cycle_anchor: periodEnd,
    trial_start: trialing ? ctx.now : null,
    trial_end: trialing ? periodEnd : null,
    trial_settings: {
      end_behavior: { missing_payment_method: input.cancelWithoutCard ? 'cancel' : 'create_invoice' },
    },
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    cancellation_details: { reason: null },
    ended_at: null,
    currency: input.price.currency,
    items: {
      object: 'list',
      data: [
        {
          id: newId('si'),
          object: 'subscription_item',
          created: ctx.now,
          price: input.price,
          quantity: 1,
          current_period_start: ctx.now,
          current_period_end: periodEnd,
        },
      ],
    },
    default_payment_method: input.defaultPaymentMethod,
    latest_invoice: null,
    pending_setup_intent: null,
    metadata: { ...input.metadata },
    livemode: false,
  };
}

export function buildInvoice(
  subscription: SubscriptionObject,
  input: { reason: InvoiceObject['billing_reason']; amount: number; at: Seconds },
): InvoiceObject {
  const item = periodOf(subscription);
  return {
    id: newId('in'),
    object: 'invoice',
    customer: subscription.customer,
    created: input.at,
    status: 'open',
    billing_reason: input.reason,
    currency: subscription.currency,
    amount_due: input.amount,
    amount_paid: 0,
    amount_remaining: input.amount,
    attempt_count: 0,
    attempted: false,
    next_payment_attempt: null,
    period_start: item.current_period_start,
    period_end: item.current_period_end,
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: subscription.id, metadata: { ...subscription.metadata } },
    },
    confirmation_secret: null,
    status_transitions: { paid_at: null },
    livemode: false,
  };
}

export function markInvoicePaid(invoice: InvoiceObject, at: Seconds): InvoiceObject {
  return {
    ...invoice,
    status: 'paid',
    attempted: true,
    amount_paid: invoice.amount_due,
    amount_remaining: 0,
    next_payment_attempt: null,
    status_transitions: { paid_at: at },
  };
}

const paymentMethodIdOf = (subscription: SubscriptionObject, customer: CustomerObject) =>
  subscription.default_payment_method ?? customer.invoice_settings.default_payment_method;

/**
 * Charges the saved card for an invoice off-session, as Stripe does at renewal. It fails when
 * there is no card or the test clock says charges fail. Returns the invoice after the attempt.
 */
async function collect(
  ctx: LocalContext,
  subscription: SubscriptionObject,
  invoice: InvoiceObject,
  at: Seconds,
): Promise<InvoiceObject> {
  const customer = await loadCustomer(ctx, subscription.customer);
  const paymentMethod = paymentMethodIdOf(subscription, customer);
  const succeeded = paymentMethod !== null && !customer.local_charges_fail;
  const attempts = invoice.attempt_count + 1;
  const intentId = newId('pi');
  const intent: PaymentIntentObject = {
    id: intentId,
    object: 'payment_intent',
    created: at,
    status: succeeded ? 'succeeded' : 'requires_payment_method',
    amount: invoice.amount_due,
    amount_received: succeeded ? invoice.amount_due : 0,
    currency: invoice.currency,
    client_secret: newClientSecret(intentId),
    customer: customer.id,
    payment_method: paymentMethod,
    receipt_email: customer.email,
    next_action: null,
    last_payment_error: succeeded
      ? null
      : paymentMethod === null
        ? { code: 'payment_method_missing', message: 'The customer has no card on file.' }
        : { code: 'card_declined', decline_code: 'generic_decline', message: DECLINED_MESSAGE },
    metadata: {},
    livemode: false,
    local_purpose: { kind: 'renewal', subscription_id: subscription.id, invoice_id: invoice.id },
    local_pending_card: null,
  };
  await ctx.store.put(intent);
  if (succeeded) await recordCharge(ctx, intent);
  const retryInDays = RETRY_SCHEDULE_DAYS[attempts - 1];
  const after: InvoiceObject = succeeded
    ? markInvoicePaid({ ...invoice, attempt_count: attempts }, at)
    : {
        ...invoice,
        attempt_count: attempts,
        attempted: true,
        // Counted from the first attempt (the invoice's creation), so each retry keeps its day.
        next_payment_attempt: retryInDays === undefined ? null : invoice.created + retryInDays * DAY,
        status: retryInDays === undefined ? 'uncollectible' : 'open',
      };
  await ctx.store.put(after);
  if (succeeded) {
    ctx.events.emit('payment_intent.succeeded', intent);
    ctx.events.emit('invoice.paid', after);
  } else {
    ctx.events.emit('payment_intent.payment_failed', intent);
    ctx.events.emit('invoice.payment_failed', after);
  }
  return after;
}

/** A new billing period from `at`, and its invoice charged: active if paid, past_due if not. */
async function renew(
  ctx: LocalContext,
  subscription: SubscriptionObject,
  at: Seconds,
): Promise<SubscriptionObject> {
  const item = periodOf(subscription);
  const recurring = item.price.recurring;
  if (!recurring) throw new Error(`subscription ${subscription.id} has a one-time price`);
  const inPeriod: SubscriptionObject = {
    ...subscription,
    items: {
      object: 'list',
      data: [{ ...item, current_period_start: at, current_period_end: addPeriod(at, recurring) }],
    },
  };
  const invoice = buildInvoice(inPeriod, {
    reason: 'subscription_cycle',
    amount: item.price.unit_amount * item.quantity,
    at,
  });
  const charged = await collect(ctx, inPeriod, invoice, at);
  const renewed: SubscriptionObject = {
    ...inPeriod,
    status: charged.status === 'paid' ? 'active' : 'past_due',
    latest_invoice: charged.id,
  };
  await ctx.store.put(renewed);
  ctx.events.emit('customer.subscription.updated', renewed);
  return renewed;
}

/** Ends the subscription at `at`: canceled, with customer.subscription.deleted. */
export async function end(
  ctx: LocalContext,
  subscription: SubscriptionObject,
  at: Seconds,
  reason: SubscriptionObject['cancellation_details']['reason'],
): Promise<SubscriptionObject> {
  const ended: SubscriptionObject = {
    ...subscription,
    status: 'canceled',
    ended_at: at,
    canceled_at: subscription.canceled_at ?? at,
    cancellation_details: { reason: subscription.cancellation_details.reason ?? reason },
  };
  await ctx.store.put(ended);
  ctx.events.emit('customer.subscription.deleted', ended);
  return ended;
}

type DueStep = { kind: 'expire_incomplete' | 'trial_end' | 'period_end' | 'retry'; at: Seconds };

/** The next thing that happens to a subscription on its own, and when; null once it has ended. */
export function nextStep(
  subscription: SubscriptionObject,
  latestInvoice: InvoiceObject | null,
): DueStep | null {
  const item = periodOf(subscription);
  switch (subscription.status) {
    case 'incomplete':
      return { kind: 'expire_incomplete', at: subscription.created + INCOMPLETE_EXPIRES_AFTER };
    case 'trialing':
      return { kind: 'trial_end', at: subscription.trial_end ?? item.current_period_end };
    case 'active':
      return { kind: 'period_end', at: item.current_period_end };
    case 'past_due': {
      const retryAt = latestInvoice?.status === 'open' ? latestInvoice.next_payment_attempt : null;
      return retryAt !== null && retryAt < item.current_period_end
        ? { kind: 'retry', at: retryAt }
        : { kind: 'period_end', at: item.current_period_end };
    }
    default:
      return null;
  }
}

async function latestInvoiceOf(ctx: LocalContext, subscription: SubscriptionObject) {
  return subscription.latest_invoice ? ctx.store.get('invoice', subscription.latest_invoice) : null;
}

/**
 * Runs every transition that is due by now, in order, each at the instant it was due: trial end
 * (charge, or end when canceled or cardless), renewal, the retry of a failed charge, expiry.
 */
export async function runDue(ctx: LocalContext, start: SubscriptionObject): Promise<SubscriptionObject> {
  let subscription = start;
  // A bound, for a server that was off for years; each pass moves at least one period.
  for (let pass = 0; pass < 100; pass += 1) {
    const invoice = await latestInvoiceOf(ctx, subscription);
    const step = nextStep(subscription, invoice);
    if (!step || step.at > ctx.now) break;
    subscription = await applyStep(ctx, subscription, invoice, step);
  }
  return subscription;
}

async function applyStep(
  ctx: LocalContext,
  subscription: SubscriptionObject,
  invoice: InvoiceObject | null,
  step: DueStep,
): Promise<SubscriptionObject> {
  switch (step.kind) {
    case 'expire_incomplete': {
      const expired: SubscriptionObject = {
        ...subscription,
        status: 'incomplete_expired',
        ended_at: step.at,
      };
      await ctx.store.put(expired);
      ctx.events.emit('customer.subscription.updated', expired);
      return expired;
    }
    case 'trial_end': {
      if (subscription.cancel_at_period_end) return end(ctx, subscription, step.at, 'cancellation_requested');
      const customer = await loadCustomer(ctx, subscription.customer);
      const cardless = paymentMethodIdOf(subscription, customer) === null;
      if (cardless && subscription.trial_settings.end_behavior.missing_payment_method === 'cancel') {
        return end(ctx, subscription, step.at, null);
      }
      return renew(ctx, subscription, step.at);
    }
    case 'period_end':
      if (subscription.cancel_at_period_end) return end(ctx, subscription, step.at, 'cancellation_requested');
      return renew(ctx, subscription, step.at);
    case 'retry':
      if (!invoice) return subscription;
      return chargeAgain(ctx, subscription, invoice, step.at);
  }
}

/**
 * Charges a past-due subscription's open invoice again: paid, it is active again for the period
 * it was renewed for; failed on the last attempt, it ends; otherwise it stays past due.
 */
async function chargeAgain(
  ctx: LocalContext,
  subscription: SubscriptionObject,
  invoice: InvoiceObject,
  at: Seconds,
): Promise<SubscriptionObject> {
  const charged = await collect(ctx, subscription, invoice, at);
  if (charged.status === 'paid') {
    const recovered: SubscriptionObject = { ...subscription, status: 'active' };
    await ctx.store.put(recovered);
    ctx.events.emit('customer.subscription.updated', recovered);
    return recovered;
  }
  if (charged.status === 'uncollectible') return end(ctx, subscription, at, 'payment_failed');
  return subscription;
}

/**
 * A new card from the billing portal (Stripe's payment_method_update flow): it becomes the
 * customer's card and that of every subscription still running, so renewals and retries charge
 * it; and the open invoice of a past-due subscription is charged to it at once. The test clock's
 * failing charges were the old card's, so they stop. Run in one transaction, one at a time per
 * provider (local-provider.ts), so a second update finds the invoice paid and charges nothing.
 */
export async function replaceCard(
  ctx: LocalContext,
  customerId: string,
  card: CardDetails,
): Promise<{ method: PaymentMethodObject; paidInvoices: InvoiceObject[] }> {
  const customer = await loadCustomer(ctx, customerId);
  const method = await createPaymentMethod(ctx, { ...customer, local_charges_fail: false }, card);
  const paidInvoices: InvoiceObject[] = [];
  for (const listed of await ctx.store.list('subscription', { customerId })) {
    // Read again, locking its row: a second update on another server waits and sees this one's.
    const subscription = await ctx.store.get('subscription', listed.id);
    // An embedded-form trial still waiting for its own card is left to its form.
    const running = subscription && ['trialing', 'active', 'past_due'].includes(subscription.status);
    if (!subscription || !running || subscription.pending_setup_intent !== null) continue;
    const withCard: SubscriptionObject = { ...subscription, default_payment_method: method.id };
    await ctx.store.put(withCard);
    const invoice = await latestInvoiceOf(ctx, withCard);
    if (withCard.status === 'past_due' && invoice?.status === 'open') {
      const after = await chargeAgain(ctx, withCard, invoice, ctx.now);
      const charged = await ctx.store.get('invoice', invoice.id);
      if (charged?.status === 'paid') paidInvoices.push(charged);
      // A recovery already said what changed; otherwise the new card is the change to announce.
      if (after.status !== 'active') ctx.events.emit('customer.subscription.updated', after);
    } else {
      ctx.events.emit('customer.subscription.updated', withCard);
    }
  }
  return { method, paidInvoices };
}

/** What a past-due subscription owes now: its open invoice, if it has one. */
export async function amountDueOf(
  ctx: Pick<LocalContext, 'store'>,
  subscription: SubscriptionObject,
): Promise<InvoiceObject | null> {
  if (subscription.status !== 'past_due' || !subscription.latest_invoice) return null;
  const invoice = await ctx.store.get('invoice', subscription.latest_invoice);
  return invoice?.status === 'open' ? invoice : null;
}

/**
 * Stripe's subscriptions.update with trial_end 'now': the trial ends at this instant, with what
 * a trial's end does (the first charge, or the end of a cardless trial that cancels). One no
 * longer trialing is left as it is.
 */
export async function endTrialNow(
  ctx: LocalContext,
  subscriptionId: string,
): Promise<SubscriptionObject | null> {
  const subscription = await ctx.store.get('subscription', subscriptionId);
  if (subscription?.status !== 'trialing') return subscription;
  return runDue(ctx, { ...subscription, trial_end: ctx.now });
}

/** The portal's "Cancel plan": premium runs to the end of what is paid (or of the trial). */
export async function cancelAtPeriodEnd(
  ctx: LocalContext,
  subscription: SubscriptionObject,
): Promise<SubscriptionObject> {
  if (
    subscription.cancel_at_period_end ||
    !['trialing', 'active', 'past_due'].includes(subscription.status)
  ) {
    return subscription;
  }
  const updated: SubscriptionObject = {
    ...subscription,
    cancel_at_period_end: true,
    cancel_at:
      subscription.status === 'trialing' ? subscription.trial_end : periodOf(subscription).current_period_end,
    canceled_at: ctx.now,
    cancellation_details: { reason: 'cancellation_requested' },
  };
  await ctx.store.put(updated);
  ctx.events.emit('customer.subscription.updated', updated);
  return updated;
}

/** The portal's "Resume plan": undoes a cancellation that has not taken effect yet. */
export async function resume(
  ctx: LocalContext,
  subscription: SubscriptionObject,
): Promise<SubscriptionObject> {
  if (!subscription.cancel_at_period_end || subscription.status === 'canceled') return subscription;
  const updated: SubscriptionObject = {
    ...subscription,
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    cancellation_details: { reason: null },
  };
  await ctx.store.put(updated);
  ctx.events.emit('customer.subscription.updated', updated);
  return updated;
}

const toDate = (seconds: Seconds | null): Date | null => (seconds === null ? null : new Date(seconds * 1000));

export function toProviderSubscription(
  subscription: SubscriptionObject,
  paymentMethod: PaymentMethodObject | null,
): ProviderSubscription {
  const item = periodOf(subscription);
  return {
    id: subscription.id,
    customerId: subscription.customer,
    priceId: item.price.id,
    status: subscription.status,
    trialStart: toDate(subscription.trial_start),
    trialEnd: toDate(subscription.trial_end),
    currentPeriodStart: toDate(item.current_period_start),
    currentPeriodEnd: toDate(item.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    endedAt: toDate(subscription.ended_at),
    createdAt: new Date(subscription.created * 1000),
    paymentMethod: paymentMethod ? cardLabel(paymentMethod.card.brand, paymentMethod.card.last4) : null,
    userId: subscription.metadata.userId ?? null,
    awaitingPaymentMethod:
      subscription.metadata[TRIAL_STARTS_ON_SETUP_METADATA_KEY] === 'true' &&
      subscription.default_payment_method === null &&
      subscription.pending_setup_intent !== null,
    trialCarriedOver: subscription.metadata[TRIAL_CARRIED_OVER_METADATA_KEY] === 'true',
  };
}

/** The card a subscription is paid with: its own default, else the customer's. */
export async function paymentMethodFor(
  ctx: Pick<LocalContext, 'store'>,
  subscription: SubscriptionObject,
): Promise<PaymentMethodObject | null> {
  let id = subscription.default_payment_method;
  if (!id) {
    const customer = await ctx.store.get('customer', subscription.customer);
    id = customer?.invoice_settings.default_payment_method ?? null;
  }
  return id ? ctx.store.get('payment_method', id) : null;
}
