import { recordCharge } from './charges';
import type { LocalContext } from './context';
import { intentIdOfClientSecret, newClientSecret, newId, sameSecret } from './ids';
import type {
  CardDetails,
  IntentError,
  IntentObject,
  IntentPurpose,
  Metadata,
  PaymentIntentObject,
  SetupIntentObject,
} from './objects';
import type { LocalStore } from './store';

interface NewIntent {
  customerId: string | null;
  purpose: IntentPurpose;
  metadata?: Metadata;
}

export function buildSetupIntent(ctx: LocalContext, input: NewIntent): SetupIntentObject {
  const id = newId('seti');
  return {
    id,
    object: 'setup_intent',
    created: ctx.now,
    status: 'requires_payment_method',
    usage: 'off_session',
    client_secret: newClientSecret(id),
    customer: input.customerId,
    payment_method: null,
    next_action: null,
    last_setup_error: null,
    metadata: { ...(input.metadata ?? {}) },
    livemode: false,
    local_purpose: input.purpose,
    local_pending_card: null,
  };
}

export function buildPaymentIntent(
  ctx: LocalContext,
  input: NewIntent & { amount: number; currency: string; receiptEmail: string | null },
): PaymentIntentObject {
  const id = newId('pi');
  return {
    id,
    object: 'payment_intent',
    created: ctx.now,
    status: 'requires_payment_method',
    amount: input.amount,
    amount_received: 0,
    currency: input.currency,
    client_secret: newClientSecret(id),
    customer: input.customerId,
    payment_method: null,
    receipt_email: input.receiptEmail,
    next_action: null,
    last_payment_error: null,
    metadata: { ...(input.metadata ?? {}) },
    livemode: false,
    local_purpose: input.purpose,
    local_pending_card: null,
  };
}

/** An intent by id; the prefix says which kind. */
export function loadIntent(store: LocalStore, id: string): Promise<IntentObject | null> {
  if (id.startsWith('seti_')) return store.get('setup_intent', id);
  if (id.startsWith('pi_')) return store.get('payment_intent', id);
  return Promise.resolve(null);
}

/** The intent a client secret unlocks, compared in constant time; null for anything else. */
export async function intentForClientSecret(
  store: LocalStore,
  clientSecret: string,
): Promise<IntentObject | null> {
  const id = intentIdOfClientSecret(clientSecret);
  if (!id) return null;
  const intent = await loadIntent(store, id);
  return intent && sameSecret(intent.client_secret, clientSecret) ? intent : null;
}

/** 3D Secure: the card waits on the authentication page, which sends the person back to `returnUrl`. */
export async function requireAuthentication(
  ctx: LocalContext,
  intent: IntentObject,
  card: CardDetails,
  returnUrl: string,
): Promise<IntentObject> {
  const updated: IntentObject = {
    ...intent,
    status: 'requires_action',
    local_pending_card: card,
    next_action: {
      type: 'redirect_to_url',
      redirect_to_url: { url: ctx.urls.authenticate(intent.id), return_url: returnUrl },
    },
  };
  await ctx.store.put(updated);
  return updated;
}

/** A declined card or a failed authentication: the intent waits for another card. */
export async function failIntent(
  ctx: LocalContext,
  intent: IntentObject,
  error: IntentError,
): Promise<IntentObject> {
  const base = { next_action: null, local_pending_card: null } as const;
  if (intent.object === 'setup_intent') {
    const updated: SetupIntentObject = {
      ...intent,
      ...base,
      status: 'requires_payment_method',
      last_setup_error: error,
    };
    await ctx.store.put(updated);
    ctx.events.emit('setup_intent.setup_failed', updated);
    return updated;
  }
  const updated: PaymentIntentObject = {
    ...intent,
    ...base,
    status: 'requires_payment_method',
    last_payment_error: error,
  };
  await ctx.store.put(updated);
  ctx.events.emit('payment_intent.payment_failed', updated);
  return updated;
}

export async function succeedIntent(
  ctx: LocalContext,
  intent: IntentObject,
  paymentMethodId: string | null,
): Promise<IntentObject> {
  const base = { next_action: null, local_pending_card: null, payment_method: paymentMethodId } as const;
  if (intent.object === 'setup_intent') {
    const updated: SetupIntentObject = { ...intent, ...base, status: 'succeeded', last_setup_error: null };
    await ctx.store.put(updated);
    ctx.events.emit('setup_intent.succeeded', updated);
    return updated;
  }
  const updated: PaymentIntentObject = {
    ...intent,
    ...base,
    status: 'succeeded',
    amount_received: intent.amount,
    last_payment_error: null,
  };
  await ctx.store.put(updated);
  await recordCharge(ctx, updated);
  ctx.events.emit('payment_intent.succeeded', updated);
  return updated;
}

/** The purchase the intent was for was abandoned: it can no longer be confirmed. */
export async function cancelIntent(ctx: LocalContext, intent: IntentObject): Promise<void> {
  if (intent.status === 'succeeded' || intent.status === 'canceled') return;
  const base = { status: 'canceled', next_action: null, local_pending_card: null } as const;
  const canceled: IntentObject = { ...intent, ...base };
  await ctx.store.put(canceled);
  ctx.events.emit(`${intent.object}.canceled`, canceled);
}
