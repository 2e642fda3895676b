import { type CardInput, cardDigits, readCard } from '@stillpoint/core';
import type { PortalFlow } from '../provider';
import { amountDueOf, cancelAtPeriodEnd, nextStep, paymentMethodFor, replaceCard, resume } from './billing';
import {
  AUTHENTICATION_FAILED_MESSAGE,
  DECLINED_MESSAGE,
  testCardBehaviour,
  UNKNOWN_CARD_MESSAGE,
} from './cards';
import { type LocalContext, LocalPaymentError } from './context';
import { newId } from './ids';
import { buildSetupIntent, failIntent, requireAuthentication, succeedIntent } from './intents';
import type {
  CardDetails,
  CardUpdateAttempt,
  CustomerObject,
  IntentObject,
  InvoiceObject,
  PaymentMethodObject,
  PortalSessionObject,
  Seconds,
  SubscriptionObject,
} from './objects';
import { isHttpUrl, withQuery } from './urls';

/** Long enough to try a few things on the test clock; Stripe's links are shorter-lived. */
const PORTAL_LIFETIME: Seconds = 24 * 3600;

/**
 * Stripe's billingPortal.sessions.create. With the payment_method_update flow the link opens on
 * the card page, and saving a card there sends the customer back to the return URL.
 */
export async function createPortalSession(
  ctx: LocalContext,
  input: { customerId: string; returnUrl: string; flow?: PortalFlow | undefined },
): Promise<PortalSessionObject> {
  if (!(await ctx.store.get('customer', input.customerId))) {
    throw new LocalPaymentError(`No such customer: '${input.customerId}'`);
  }
  if (!isHttpUrl(input.returnUrl)) throw new LocalPaymentError('The return URL must be an http(s) URL.');
  const id = newId('bps');
  const session: PortalSessionObject = {
    id,
    object: 'billing_portal.session',
    created: ctx.now,
    customer: input.customerId,
    return_url: input.returnUrl,
    url: input.flow ? ctx.urls.portalCard(id) : ctx.urls.portal(id),
    configuration: 'bpc_local_default',
    livemode: false,
    local_expires_at: ctx.now + PORTAL_LIFETIME,
    flow: input.flow
      ? {
          type: input.flow,
          after_completion: { type: 'redirect', redirect: { return_url: input.returnUrl } },
        }
      : null,
  };
  await ctx.store.put(session);
  return session;
}

export async function openPortalSession(
  ctx: Pick<LocalContext, 'store' | 'now'>,
  id: string,
): Promise<PortalSessionObject | null> {
  const session = await ctx.store.get('billing_portal.session', id);
  return session && session.local_expires_at > ctx.now ? session : null;
}

export interface PortalSubscription {
  subscription: SubscriptionObject;
  paymentMethod: PaymentMethodObject | null;
  latestInvoice: InvoiceObject | null;
  /** What the test clock's next step would do to it, and when. */
  next: ReturnType<typeof nextStep>;
}

export interface PortalView {
  session: PortalSessionObject;
  customer: CustomerObject;
  /** Newest first. */
  subscriptions: PortalSubscription[];
}

export async function portalView(
  ctx: Pick<LocalContext, 'store' | 'now'>,
  id: string,
): Promise<PortalView | null> {
  const session = await openPortalSession(ctx, id);
  if (!session) return null;
  const customer = await ctx.store.get('customer', session.customer);
  if (!customer) return null;
  const subscriptions = await ctx.store.list('subscription', { customerId: customer.id });
  const rows = await Promise.all(
    subscriptions.map(async (subscription) => {
      const latestInvoice = subscription.latest_invoice
        ? await ctx.store.get('invoice', subscription.latest_invoice)
        : null;
      return {
        subscription,
        paymentMethod: await paymentMethodFor(ctx, subscription),
        latestInvoice,
        next: nextStep(subscription, latestInvoice),
      };
    }),
  );
  rows.sort((a, b) => b.subscription.created - a.subscription.created);
  return { session, customer, subscriptions: rows };
}

export type PortalPlanAction = 'cancel' | 'resume';

/** Cancel at the period's end, or resume; only on the portal customer's own subscriptions. */
export async function changePlan(
  ctx: LocalContext,
  portalId: string,
  subscriptionId: string,
  action: PortalPlanAction,
): Promise<SubscriptionObject | null> {
  const session = await openPortalSession(ctx, portalId);
  if (!session) return null;
  const subscription = await ctx.store.get('subscription', subscriptionId);
  if (!subscription || subscription.customer !== session.customer) return null;
  return action === 'cancel' ? cancelAtPeriodEnd(ctx, subscription) : resume(ctx, subscription);
}

// ---- the card page (Stripe's payment_method_update) ----

/** What the card page shows: the card on file, and what a past-due plan owes. */
export interface CardPageView {
  session: PortalSessionObject;
  customer: CustomerObject;
  paymentMethod: PaymentMethodObject | null;
  /** The open invoice of a past-due subscription, which a new card pays at once; null when none. */
  due: { subscription: SubscriptionObject; invoice: InvoiceObject } | null;
  /** Where Cancel goes: back to the site for a deep link, else the portal's home page. */
  backUrl: string;
  /** The refused card the page's address names, if it is the session's last. */
  attempt: CardUpdateAttempt | null;
}

export async function cardPageView(
  ctx: Pick<LocalContext, 'store' | 'now' | 'urls'>,
  id: string,
  attemptQuery: string | undefined,
): Promise<CardPageView | null> {
  const session = await openPortalSession(ctx, id);
  if (!session) return null;
  const customer = await ctx.store.get('customer', session.customer);
  if (!customer) return null;
  const method = customer.invoice_settings.default_payment_method;
  let due: CardPageView['due'] = null;
  for (const subscription of await ctx.store.list('subscription', { customerId: customer.id })) {
    const invoice = await amountDueOf(ctx, subscription);
    if (invoice) due = { subscription, invoice };
  }
  const attempt = session.local_card_attempt ?? null;
  return {
    session,
    customer,
    paymentMethod: method ? await ctx.store.get('payment_method', method) : null,
    due,
    backUrl: session.flow ? session.return_url : ctx.urls.portal(session.id),
    attempt: attempt && attemptQuery === String(attempt.number) ? attempt : null,
  };
}

/**
 * Where the card page's Save sends the person: every answer to its POST is a redirect to a page
 * (where the session goes once the card is saved, the authentication page, or the form again with
 * what was wrong), so Back and reload never send the card again. Gone: the link has expired.
 */
export type CardUpdateOutcome = { kind: 'gone' } | { kind: 'redirect'; url: string };

/**
 * Checks the card as the checkout does, then acts as the test card says: saved (and the past-due
 * invoice paid with it), declined (nothing changes: the plan stays past due), or authenticated
 * first on the bank's page.
 */
export async function submitCardUpdate(
  ctx: LocalContext,
  portalId: string,
  form: CardInput,
): Promise<CardUpdateOutcome> {
  const session = await openPortalSession(ctx, portalId);
  if (!session) return { kind: 'gone' };
  const check = readCard(form, new Date(ctx.now * 1000));
  if (!check.ok) return refuseCard(ctx, session, { errors: check.errors, alert: null });
  const digits = cardDigits(form);
  const behaviour = testCardBehaviour(digits);
  if (behaviour === 'declined') {
    const alert = digits === '4000000000000002' ? DECLINED_MESSAGE : UNKNOWN_CARD_MESSAGE;
    return refuseCard(ctx, session, { errors: {}, alert });
  }
  const setup = buildSetupIntent(ctx, {
    customerId: session.customer,
    purpose: { kind: 'card_update', portal_session_id: session.id },
  });
  if (behaviour === 'requires_authentication') {
    const waiting = await requireAuthentication(ctx, setup, check.card, ctx.urls.portalCard(session.id));
    return { kind: 'redirect', url: ctx.urls.authenticate(waiting.id) };
  }
  return saveCard(ctx, session, check.card, setup);
}

/** The bank's answer for a card typed on the card page; the URL the person goes to next. */
export async function finishCardAuthentication(
  ctx: LocalContext,
  intent: IntentObject,
  outcome: 'complete' | 'fail',
): Promise<string> {
  const purpose = intent.local_purpose;
  const sessionId = purpose.kind === 'card_update' ? purpose.portal_session_id : '';
  const session = await openPortalSession(ctx, sessionId);
  const card = intent.local_pending_card;
  if (outcome === 'fail' || !card || !session) {
    await failIntent(ctx, intent, {
      code: 'setup_intent_authentication_failure',
      message: AUTHENTICATION_FAILED_MESSAGE,
    });
    if (!session) return ctx.urls.portalCard(sessionId);
    const refused = await refuseCard(ctx, session, { errors: {}, alert: AUTHENTICATION_FAILED_MESSAGE });
    return refused.url;
  }
  return (await saveCard(ctx, session, card, intent)).url;
}

async function saveCard(
  ctx: LocalContext,
  session: PortalSessionObject,
  card: CardDetails,
  setup: IntentObject,
): Promise<{ kind: 'redirect'; url: string }> {
  const { method, paidInvoices } = await replaceCard(ctx, session.customer, card);
  await succeedIntent(ctx, setup, method.id);
  await ctx.store.put({ ...session, local_card_attempt: null });
  const after = session.flow?.after_completion.redirect.return_url;
  if (after) return { kind: 'redirect', url: after };
  const notice = paidInvoices.length > 0 ? 'card-updated-paid' : 'card-updated';
  return { kind: 'redirect', url: withQuery(ctx.urls.portal(session.id), { notice }) };
}

/** Keeps the refused card's errors on the session and sends the person to the form that shows them. */
async function refuseCard(
  ctx: LocalContext,
  session: PortalSessionObject,
  attempt: Omit<CardUpdateAttempt, 'number'>,
): Promise<{ kind: 'redirect'; url: string }> {
  const number = (session.local_card_attempt?.number ?? 0) + 1;
  await ctx.store.put({ ...session, local_card_attempt: { number, ...attempt } });
  return { kind: 'redirect', url: withQuery(ctx.urls.portalCard(session.id), { attempt: String(number) }) };
}
