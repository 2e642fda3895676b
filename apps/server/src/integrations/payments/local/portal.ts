import { cancelAtPeriodEnd, nextStep, paymentMethodFor, resume } from './billing';
import { type LocalContext, LocalPaymentError } from './context';
import { newId } from './ids';
import type {
  CustomerObject,
  InvoiceObject,
  PaymentMethodObject,
  PortalSessionObject,
  Seconds,
  SubscriptionObject,
} from './objects';
import { isHttpUrl } from './urls';

/** Long enough to try a few things on the test clock; Stripe's links are shorter-lived. */
const PORTAL_LIFETIME: Seconds = 24 * 3600;

export async function createPortalSession(
  ctx: LocalContext,
  input: { customerId: string; returnUrl: string },
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
    url: ctx.urls.portal(id),
    configuration: 'bpc_local_default',
    livemode: false,
    local_expires_at: ctx.now + PORTAL_LIFETIME,
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
