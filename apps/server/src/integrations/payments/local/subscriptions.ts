import { TRIAL_STARTS_ON_SETUP_METADATA_KEY, trialEndMetadata } from '../provider';
import { buildInvoice, buildSubscription, markInvoicePaid, periodOf } from './billing';
import { addPeriod } from './catalogue';
import type { LocalContext } from './context';
import { buildPaymentIntent, buildSetupIntent, succeedIntent } from './intents';
import type {
  CustomerObject,
  IntentObject,
  InvoiceObject,
  Metadata,
  PaymentIntentObject,
  PaymentMethodObject,
  PriceObject,
  Seconds,
  SetupIntentObject,
  SubscriptionObject,
} from './objects';

export interface StartInput {
  customer: CustomerObject;
  price: PriceObject;
  metadata: Metadata;
  trialDays: number;
  /** Or when the trial ends (a carried-over trial); one already past starts no trial. */
  trialEnd?: Seconds | null;
  /** The confirmed card; null for a trial started without one. */
  paymentMethod: PaymentMethodObject | null;
  cancelWithoutCard: boolean;
  /** An intent already confirmed for this purchase (after authentication); otherwise one is made. */
  confirmedIntent?: IntentObject | null;
}

export interface Started {
  subscription: SubscriptionObject;
  invoice: InvoiceObject;
  setupIntent: SetupIntentObject | null;
  paymentIntent: PaymentIntentObject | null;
}

/**
 * A purchase whose card (if any) has been accepted: trialing with a $0 first invoice, or active
 * with the first period charged. Events follow Stripe's order: the subscription, its intent, the
 * invoice.
 */
export async function startSubscription(ctx: LocalContext, input: StartInput): Promise<Started> {
  const trialEnd = input.trialEnd ?? null;
  const trialing = trialEnd !== null ? trialEnd > ctx.now : input.trialDays > 0;
  const draft = withTrialEnd(
    buildSubscription(ctx, {
      customerId: input.customer.id,
      price: input.price,
      metadata: input.metadata,
      trialDays: input.trialDays,
      status: trialing ? 'trialing' : 'active',
      defaultPaymentMethod: input.paymentMethod?.id ?? null,
      cancelWithoutCard: input.cancelWithoutCard,
    }),
    trialing ? trialEnd : null,
  );
  const invoice = markInvoicePaid(
    buildInvoice(draft, {
      reason: 'subscription_create',
      amount: trialing ? 0 : input.price.unit_amount,
      at: ctx.now,
    }),
    ctx.now,
  );
  const subscription: SubscriptionObject = { ...draft, latest_invoice: invoice.id };
  await ctx.store.put(subscription);
  ctx.events.emit('customer.subscription.created', subscription);

  let setupIntent: SetupIntentObject | null = null;
  let paymentIntent: PaymentIntentObject | null = null;
  const purpose = { kind: 'subscription', subscription_id: subscription.id, invoice_id: invoice.id } as const;
  if (trialing && input.paymentMethod) {
    const intent =
      input.confirmedIntent?.object === 'setup_intent'
        ? input.confirmedIntent
        : await succeedIntent(
            ctx,
            buildSetupIntent(ctx, { customerId: input.customer.id, purpose }),
            input.paymentMethod.id,
          );
    setupIntent = intent as SetupIntentObject;
  } else if (!trialing) {
    const intent =
      input.confirmedIntent?.object === 'payment_intent'
        ? input.confirmedIntent
        : await succeedIntent(
            ctx,
            buildPaymentIntent(ctx, {
              customerId: input.customer.id,
              purpose,
              amount: invoice.amount_due,
              currency: invoice.currency,
              receiptEmail: input.customer.email,
            }),
            input.paymentMethod?.id ?? null,
          );
    paymentIntent = intent as PaymentIntentObject;
  }

  await ctx.store.put(invoice);
  ctx.events.emit('invoice.paid', invoice);
  return { subscription, invoice, setupIntent, paymentIntent };
}

/**
 * A trialing subscription whose trial ends at `trialEnd` (Stripe's trial_end) rather than after
 * whole days: its first period, and so its first charge, start then. Unchanged without one.
 */
function withTrialEnd(subscription: SubscriptionObject, trialEnd: Seconds | null): SubscriptionObject {
  if (trialEnd === null || subscription.status !== 'trialing') return subscription;
  return {
    ...subscription,
    trial_end: trialEnd,
    billing_cycle_anchor: trialEnd,
    items: {
      object: 'list',
      data: subscription.items.data.map((item) => ({ ...item, current_period_end: trialEnd })),
    },
  };
}

/**
 * The embedded form's subscription before any card, as Stripe makes it with default_incomplete:
 * with a trial it is `trialing` at once, its $0 first invoice paid, and a pending SetupIntent
 * for the form to save the card with (without a card the trial's end cancels it); without a
 * trial it is `incomplete` until the first invoice's PaymentIntent is paid.
 */
export async function createEmbeddedFormSubscription(
  ctx: LocalContext,
  input: {
    customer: CustomerObject;
    price: PriceObject;
    trialDays: number;
    trialEnd?: Seconds | null;
    metadata: Metadata;
  },
): Promise<{ subscription: SubscriptionObject; intent: IntentObject }> {
  if (input.trialDays > 0 || input.trialEnd != null) return createSetupTrial(ctx, input);
  const draft = buildSubscription(ctx, {
    customerId: input.customer.id,
    price: input.price,
    metadata: input.metadata,
    trialDays: 0,
    status: 'incomplete',
    defaultPaymentMethod: null,
    cancelWithoutCard: false,
  });
  const open = buildInvoice(draft, {
    reason: 'subscription_create',
    amount: input.price.unit_amount,
    at: ctx.now,
  });
  const intent = buildPaymentIntent(ctx, {
    customerId: input.customer.id,
    purpose: { kind: 'subscription', subscription_id: draft.id, invoice_id: open.id },
    amount: open.amount_due,
    currency: open.currency,
    receiptEmail: input.customer.email,
    metadata: input.metadata,
  });
  // Since API version 2025-03-31.basil the form reads the PaymentIntent's secret from here.
  const invoice: InvoiceObject = {
    ...open,
    confirmation_secret: { client_secret: intent.client_secret, type: 'payment_intent' },
  };
  const subscription: SubscriptionObject = { ...draft, latest_invoice: invoice.id };
  await ctx.store.put(intent);
  await ctx.store.put(invoice);
  await ctx.store.put(subscription);
  ctx.events.emit('customer.subscription.created', subscription);
  return { subscription, intent };
}

async function createSetupTrial(
  ctx: LocalContext,
  input: {
    customer: CustomerObject;
    price: PriceObject;
    trialDays: number;
    trialEnd?: Seconds | null;
    metadata: Metadata;
  },
): Promise<{ subscription: SubscriptionObject; intent: IntentObject }> {
  const draft = withTrialEnd(
    buildSubscription(ctx, {
      customerId: input.customer.id,
      price: input.price,
      metadata: {
        ...input.metadata,
        [TRIAL_STARTS_ON_SETUP_METADATA_KEY]: 'true',
        ...trialEndMetadata(input.trialEnd),
      },
      trialDays: input.trialDays,
      status: 'trialing',
      defaultPaymentMethod: null,
      cancelWithoutCard: true,
    }),
    input.trialEnd ?? null,
  );
  const intent = buildSetupIntent(ctx, {
    customerId: input.customer.id,
    purpose: { kind: 'subscription', subscription_id: draft.id, invoice_id: null },
    metadata: input.metadata,
  });
  const invoice = markInvoicePaid(
    buildInvoice(draft, { reason: 'subscription_create', amount: 0, at: ctx.now }),
    ctx.now,
  );
  const subscription: SubscriptionObject = {
    ...draft,
    latest_invoice: invoice.id,
    pending_setup_intent: intent.id,
  };
  await ctx.store.put(intent);
  await ctx.store.put(subscription);
  ctx.events.emit('customer.subscription.created', subscription);
  await ctx.store.put(invoice);
  ctx.events.emit('invoice.paid', invoice);
  return { subscription, intent };
}

/**
 * Whether the embedded form's subscription still waits for this intent: a trial for its pending
 * SetupIntent, an incomplete subscription for its first payment. Anything else (canceled because
 * a newer purchase started, expired, already set up) can no longer be confirmed.
 */
export function awaitsIntent(subscription: SubscriptionObject | null, intent: IntentObject): boolean {
  if (!subscription) return false;
  return intent.object === 'setup_intent'
    ? subscription.status === 'trialing' && subscription.pending_setup_intent === intent.id
    : subscription.status === 'incomplete';
}

/** The trial's card was set up: it pays from the trial's end, and the trial now counts. */
export async function saveSetupCard(
  ctx: LocalContext,
  trial: SubscriptionObject,
  paymentMethod: PaymentMethodObject,
): Promise<SubscriptionObject> {
  const subscription: SubscriptionObject = {
    ...trial,
    default_payment_method: paymentMethod.id,
    pending_setup_intent: null,
  };
  await ctx.store.put(subscription);
  ctx.events.emit('customer.subscription.updated', subscription);
  return subscription;
}

/** The embedded form's first payment went through: the incomplete subscription is active from now. */
export async function activateIncomplete(
  ctx: LocalContext,
  incomplete: SubscriptionObject,
  paymentMethod: PaymentMethodObject,
): Promise<SubscriptionObject> {
  const item = periodOf(incomplete);
  const recurring = item.price.recurring;
  if (!recurring) throw new Error(`subscription ${incomplete.id} has a one-time price`);
  const periodEnd = addPeriod(ctx.now, recurring);
  const started: SubscriptionObject = {
    ...incomplete,
    status: 'active',
    start_date: ctx.now,
    billing_cycle_anchor: periodEnd,
    default_payment_method: paymentMethod.id,
    items: {
      object: 'list',
      data: [{ ...item, current_period_start: ctx.now, current_period_end: periodEnd }],
    },
  };
  const existing = incomplete.latest_invoice
    ? await ctx.store.get('invoice', incomplete.latest_invoice)
    : null;
  const base = existing ?? buildInvoice(started, { reason: 'subscription_create', amount: 0, at: ctx.now });
  const invoice = markInvoicePaid(
    { ...base, period_start: ctx.now, period_end: periodEnd, attempt_count: base.attempt_count + 1 },
    ctx.now,
  );
  const subscription: SubscriptionObject = { ...started, latest_invoice: invoice.id };
  await ctx.store.put(invoice);
  await ctx.store.put(subscription);
  ctx.events.emit('invoice.paid', invoice);
  ctx.events.emit('customer.subscription.updated', subscription);
  return subscription;
}
