import { type CardErrors, type CardInput, cardDigits, isValidEmail, readCard } from '@stillpoint/core';
import { type CheckoutSession, type CheckoutSessionRequest, trialEndMetadata } from '../provider';
import { createPaymentMethod, loadCustomer } from './billing';
import { DECLINED_MESSAGE, isBlankCard, testCardBehaviour, UNKNOWN_CARD_MESSAGE } from './cards';
import { productName } from './catalogue';
import { type LocalContext, LocalPaymentError } from './context';
import { newId } from './ids';
import { buildPaymentIntent, buildSetupIntent, requireAuthentication, succeedIntent } from './intents';
import type {
  CardDetails,
  CheckoutAttempt,
  CheckoutSessionObject,
  CustomerObject,
  IntentObject,
  PaymentIntentObject,
  PaymentMethodObject,
  Seconds,
} from './objects';
import { startSubscription } from './subscriptions';
import { isHttpUrl, withQuery } from './urls';

/** Stripe's default: an unused Checkout Session expires after a day. */
const SESSION_LIFETIME: Seconds = 24 * 3600;
/** Stripe refuses a checkout whose set trial end is nearer than this. */
const MIN_TRIAL_END_AHEAD: Seconds = 48 * 3600;
const DAY: Seconds = 86_400;
const MAX_QUANTITY = 99;

export async function newCustomer(
  ctx: LocalContext,
  input: { email: string | null; userId: string | null },
): Promise<CustomerObject> {
  const customer: CustomerObject = {
    id: newId('cus'),
    object: 'customer',
    created: ctx.now,
    email: input.email,
    metadata: input.userId ? { userId: input.userId } : {},
    invoice_settings: { default_payment_method: null },
    livemode: false,
    local_charges_fail: false,
  };
  await ctx.store.put(customer);
  return customer;
}

/** Refuses what Stripe refuses (unknown ids, a mode that does not fit the price), with its words. */
export async function createCheckoutSession(
  ctx: LocalContext,
  request: CheckoutSessionRequest,
): Promise<CheckoutSessionObject> {
  const price = ctx.catalogue.get(request.priceId);
  if (!price) throw new LocalPaymentError(`No such price: '${request.priceId}'`);
  if (request.mode === 'subscription' && !price.recurring) {
    throw new LocalPaymentError('A subscription checkout needs a recurring price.');
  }
  if (request.mode === 'payment' && price.recurring) {
    throw new LocalPaymentError('A payment checkout needs a one-time price.');
  }
  if (!Number.isInteger(request.quantity) || request.quantity < 1 || request.quantity > MAX_QUANTITY) {
    throw new LocalPaymentError(`The quantity must be a whole number from 1 to ${MAX_QUANTITY}.`);
  }
  if (!isHttpUrl(request.successUrl) || !isHttpUrl(request.cancelUrl)) {
    throw new LocalPaymentError('The success and cancel URLs must be http(s) URLs.');
  }
  if (request.customerId && !(await ctx.store.get('customer', request.customerId))) {
    throw new LocalPaymentError(`No such customer: '${request.customerId}'`);
  }
  const id = newId('cs');
  const subtotal = price.unit_amount * request.quantity;
  const trialDays = request.mode === 'subscription' ? Math.max(0, Math.floor(request.trialDays)) : 0;
  const trialEnd =
    request.mode === 'subscription' && request.trialEnd
      ? Math.floor(request.trialEnd.getTime() / 1000)
      : null;
  if (trialEnd !== null && trialEnd < ctx.now + MIN_TRIAL_END_AHEAD) {
    throw new LocalPaymentError('subscription_data.trial_end must be at least 48 hours in the future.');
  }
  const trialing = trialEnd !== null || trialDays > 0;
  const session: CheckoutSessionObject = {
    id,
    object: 'checkout.session',
    created: ctx.now,
    expires_at: ctx.now + SESSION_LIFETIME,
    mode: request.mode,
    status: 'open',
    payment_status: 'unpaid',
    customer: request.customerId,
    customer_email: null,
    customer_details: null,
    subscription: null,
    payment_intent: null,
    setup_intent: null,
    payment_method_collection: request.mode === 'subscription' ? request.paymentMethodCollection : 'always',
    success_url: request.successUrl,
    cancel_url: request.cancelUrl,
    url: ctx.urls.checkout(id),
    currency: price.currency,
    amount_subtotal: subtotal,
    amount_total: trialing ? 0 : subtotal,
    metadata: { ...request.metadata },
    line_items: {
      object: 'list',
      data: [
        {
          id: newId('li'),
          object: 'item',
          description: productName(price),
          price,
          quantity: request.quantity,
          currency: price.currency,
          amount_total: subtotal,
        },
      ],
    },
    livemode: false,
    local_subscription_data:
      request.mode === 'subscription'
        ? {
            trial_period_days: trialDays,
            trial_end: trialEnd,
            metadata: { ...request.metadata, ...trialEndMetadata(request.trialEnd) },
          }
        : null,
  };
  await ctx.store.put(session);
  return session;
}

/** `paymentId` is the charge its PaymentIntent made, looked up by the caller (null before it is paid). */
export function toCheckoutSession(
  session: CheckoutSessionObject,
  paymentId: string | null = null,
): CheckoutSession {
  return {
    id: session.id,
    url: session.status === 'open' ? session.url : null,
    mode: session.mode,
    status: session.status,
    paymentStatus: session.payment_status,
    customerId: session.customer,
    customerEmail: session.customer_details?.email ?? session.customer_email,
    subscriptionId: session.subscription,
    quantity: session.line_items.data[0]?.quantity ?? 1,
    metadata: { ...session.metadata },
    paymentId,
  };
}

export const isSessionOpen = (session: CheckoutSessionObject, now: Seconds) =>
  session.status === 'open' && session.expires_at > now;

/**
 * Stripe's checkout.sessions.expire: the session can no longer be paid, and its page says so. One
 * no longer open is left as it is.
 */
export async function expireSession(ctx: LocalContext, sessionId: string): Promise<void> {
  const session = await ctx.store.get('checkout.session', sessionId);
  if (session?.status !== 'open') return;
  const expired: CheckoutSessionObject = { ...session, status: 'expired', url: null };
  await ctx.store.put(expired);
  ctx.events.emit('checkout.session.expired', expired);
}

export const trialDaysOf = (session: CheckoutSessionObject) =>
  session.local_subscription_data?.trial_period_days ?? 0;

/** A set trial end (the no-card trial's remaining days carried over), or null for free days or none. */
export const setTrialEndOf = (session: CheckoutSessionObject): Seconds | null =>
  session.local_subscription_data?.trial_end ?? null;

/** When the trial of a subscription bought `now` ends; null when it is charged at once. */
export function trialEndOf(session: CheckoutSessionObject, now: Seconds): Seconds | null {
  if (session.mode !== 'subscription') return null;
  const setEnd = setTrialEndOf(session);
  if (setEnd !== null) return setEnd > now ? setEnd : null;
  const days = trialDaysOf(session);
  return days > 0 ? now + days * DAY : null;
}

/** The subscription starts with a trial: nothing is charged as the session completes. */
export const startsTrial = (session: CheckoutSessionObject) =>
  session.mode === 'subscription' && (setTrialEndOf(session) !== null || trialDaysOf(session) > 0);

/** A trial with deferred payment starts without a card; the card fields become optional. */
export const cardIsOptional = (session: CheckoutSessionObject) =>
  startsTrial(session) && session.payment_method_collection === 'if_required';

/** The hosted page's fields. */
export interface CheckoutForm extends CardInput {
  email: string;
}

export type CheckoutErrors = CardErrors & { email?: string };

/**
 * Where the Pay button sends the person: every answer to the form's POST is a redirect to a page
 * (the success URL, the authentication page, or this form again with its errors), so Back and
 * reload never send the card form again. Gone: the session cannot be paid.
 */
export type CheckoutOutcome = { kind: 'gone' } | { kind: 'redirect'; url: string };

/**
 * The hosted page's Pay button: checks the fields, then acts as the test card says: completes,
 * declines, or sends the person to authenticate first.
 */
export async function submitCheckout(
  ctx: LocalContext,
  sessionId: string,
  form: CheckoutForm,
): Promise<CheckoutOutcome> {
  const session = await ctx.store.get('checkout.session', sessionId);
  if (!session || !isSessionOpen(session, ctx.now)) return { kind: 'gone' };

  const errors: CheckoutErrors = {};
  const email = form.email.trim();
  if (session.customer === null) {
    if (email === '') errors.email = 'Enter your email address.';
    else if (!isValidEmail(email)) errors.email = 'Enter a valid email address, like name@example.com.';
  }
  let card: CardDetails | null = null;
  if (!(cardIsOptional(session) && isBlankCard(form))) {
    const check = readCard(form, new Date(ctx.now * 1000));
    if (check.ok) card = check.card;
    else Object.assign(errors, check.errors);
  }
  if (Object.keys(errors).length > 0) return refuse(ctx, session, { email: form.email, errors, alert: null });
  const buyerEmail = session.customer === null ? email : null;

  if (card) {
    const behaviour = testCardBehaviour(cardDigits(form));
    if (behaviour === 'declined') {
      const known = cardDigits(form) === '4000000000000002';
      const alert = known ? DECLINED_MESSAGE : UNKNOWN_CARD_MESSAGE;
      return refuse(ctx, session, { email: form.email, errors: {}, alert });
    }
    if (behaviour === 'requires_authentication') {
      const purpose = { kind: 'checkout', session_id: session.id, email: buyerEmail } as const;
      const intent: IntentObject = startsTrial(session)
        ? buildSetupIntent(ctx, { customerId: session.customer, purpose })
        : buildPaymentIntent(ctx, {
            customerId: session.customer,
            purpose,
            amount: session.amount_total,
            currency: session.currency,
            receiptEmail: buyerEmail,
          });
      const waiting = await requireAuthentication(ctx, intent, card, ctx.urls.checkout(session.id));
      await ctx.store.put({
        ...session,
        ...(waiting.object === 'setup_intent'
          ? { setup_intent: waiting.id }
          : { payment_intent: waiting.id }),
      });
      return { kind: 'redirect', url: ctx.urls.authenticate(waiting.id) };
    }
  }
  const url = await completeCheckout(ctx, session, { card, email: buyerEmail, confirmedIntent: null });
  return { kind: 'redirect', url };
}

/** Keeps the refused attempt on the session and sends the person to the form that shows it. */
async function refuse(
  ctx: LocalContext,
  session: CheckoutSessionObject,
  attempt: Omit<CheckoutAttempt, 'number'>,
): Promise<CheckoutOutcome> {
  const number = (session.local_attempt?.number ?? 0) + 1;
  await ctx.store.put({ ...session, local_attempt: { number, ...attempt } });
  return { kind: 'redirect', url: withQuery(ctx.urls.checkout(session.id), { attempt: String(number) }) };
}

/** The attempt a form page's address names, if it is the session's last; else a clean form. */
export function attemptShown(
  session: CheckoutSessionObject,
  query: string | undefined,
): CheckoutAttempt | null {
  const attempt = session.local_attempt ?? null;
  return attempt && query === String(attempt.number) ? attempt : null;
}

/** Stripe fills `{CHECKOUT_SESSION_ID}` in the success URL with the session's id. */
const successUrlOf = (session: CheckoutSessionObject) =>
  session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id);

async function unattachedPaymentMethod(ctx: LocalContext, card: CardDetails): Promise<PaymentMethodObject> {
  const method: PaymentMethodObject = {
    id: newId('pm'),
    object: 'payment_method',
    type: 'card',
    created: ctx.now,
    customer: null,
    card: { ...card, funding: 'credit', country: 'US' },
    livemode: false,
  };
  await ctx.store.put(method);
  return method;
}

/**
 * Finishes a paid (or card-free trial) checkout: the subscription or the one-time payment, then
 * checkout.session.completed. `confirmedIntent` is the intent a person just authenticated.
 * Returns where the buyer goes next.
 */
export async function completeCheckout(
  ctx: LocalContext,
  session: CheckoutSessionObject,
  input: { card: CardDetails | null; email: string | null; confirmedIntent: IntentObject | null },
): Promise<string> {
  let completed: CheckoutSessionObject;
  if (session.mode === 'subscription') {
    const subscriptionData = session.local_subscription_data ?? { trial_period_days: 0, metadata: {} };
    const customer = session.customer
      ? await loadCustomer(ctx, session.customer)
      : await newCustomer(ctx, { email: input.email, userId: null });
    const paymentMethod = input.card ? await createPaymentMethod(ctx, customer, input.card) : null;
    const confirmedIntent = input.confirmedIntent
      ? await succeedIntent(
          ctx,
          { ...input.confirmedIntent, customer: customer.id },
          paymentMethod?.id ?? null,
        )
      : null;
    const price = session.line_items.data[0]?.price;
    if (!price) throw new Error(`checkout session ${session.id} has no price`);
    const started = await startSubscription(ctx, {
      customer: await loadCustomer(ctx, customer.id),
      price,
      metadata: subscriptionData.metadata,
      trialDays: subscriptionData.trial_period_days,
      trialEnd: subscriptionData.trial_end ?? null,
      paymentMethod,
      cancelWithoutCard: session.payment_method_collection === 'if_required',
      confirmedIntent,
    });
    completed = {
      ...session,
      status: 'complete',
      payment_status: started.subscription.status === 'trialing' ? 'no_payment_required' : 'paid',
      customer: customer.id,
      customer_details: { email: customer.email ?? input.email },
      subscription: started.subscription.id,
      setup_intent: started.setupIntent?.id ?? session.setup_intent,
      payment_intent: started.paymentIntent?.id ?? session.payment_intent,
    };
  } else {
    const customer = session.customer ? await loadCustomer(ctx, session.customer) : null;
    const email = input.email ?? customer?.email ?? null;
    const paymentMethod = input.card
      ? customer
        ? await createPaymentMethod(ctx, customer, input.card)
        : await unattachedPaymentMethod(ctx, input.card)
      : null;
    const intent: PaymentIntentObject =
      input.confirmedIntent?.object === 'payment_intent'
        ? input.confirmedIntent
        : buildPaymentIntent(ctx, {
            customerId: session.customer,
            purpose: { kind: 'checkout', session_id: session.id, email },
            amount: session.amount_total,
            currency: session.currency,
            receiptEmail: email,
            metadata: session.metadata,
          });
    const paid = await succeedIntent(ctx, intent, paymentMethod?.id ?? null);
    completed = {
      ...session,
      status: 'complete',
      payment_status: 'paid',
      customer_details: { email },
      payment_intent: paid.id,
    };
  }
  // A refused attempt has nothing more to show once the session is paid.
  if (completed.local_attempt) completed = { ...completed, local_attempt: null };
  await ctx.store.put(completed);
  ctx.events.emit('checkout.session.completed', completed);
  return successUrlOf(completed);
}

/** Where a finished session's page sends a person who comes back to it. */
export const finishedSessionUrl = (session: CheckoutSessionObject) =>
  session.status === 'complete' ? successUrlOf(session) : session.cancel_url;

/** The authentication page failed or was abandoned: back to the form, which says so. */
export const checkoutRetryUrl = (ctx: LocalContext, sessionId: string) =>
  withQuery(ctx.urls.checkout(sessionId), { error: 'authentication_failed' });
