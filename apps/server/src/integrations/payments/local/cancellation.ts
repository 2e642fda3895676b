import { end } from './billing';
import type { LocalContext } from './context';
import { intentIdOfClientSecret } from './ids';
import { cancelIntent, loadIntent } from './intents';
import type { SubscriptionObject } from './objects';

const ENDED: readonly string[] = ['canceled', 'incomplete_expired'];

/**
 * Stripe's subscriptions.cancel: ends the subscription now, without a refund. An incomplete one
 * becomes incomplete_expired and its open invoice is voided; any other is canceled. Intents still
 * waiting for it are canceled, so the embedded form can no longer complete it. One that has
 * ended already is left as it is. Null for an unknown id.
 */
export async function cancelNow(
  ctx: LocalContext,
  subscriptionId: string,
): Promise<SubscriptionObject | null> {
  const subscription = await ctx.store.get('subscription', subscriptionId);
  if (!subscription || ENDED.includes(subscription.status)) return subscription;
  await cancelWaitingIntents(ctx, subscription);
  if (subscription.status !== 'incomplete') return end(ctx, subscription, ctx.now, 'cancellation_requested');

  const invoice = subscription.latest_invoice
    ? await ctx.store.get('invoice', subscription.latest_invoice)
    : null;
  if (invoice?.status === 'open') await ctx.store.put({ ...invoice, status: 'void' });
  const expired: SubscriptionObject = {
    ...subscription,
    status: 'incomplete_expired',
    ended_at: ctx.now,
    canceled_at: ctx.now,
    cancellation_details: { reason: 'cancellation_requested' },
  };
  await ctx.store.put(expired);
  // The same event as when an unpaid subscription expires on its own after 23 hours.
  ctx.events.emit('customer.subscription.updated', expired);
  return expired;
}

/** The trial's pending SetupIntent, or the PaymentIntent of an incomplete subscription's first invoice. */
async function cancelWaitingIntents(ctx: LocalContext, subscription: SubscriptionObject): Promise<void> {
  const ids: string[] = [];
  if (subscription.pending_setup_intent) ids.push(subscription.pending_setup_intent);
  if (subscription.status === 'incomplete' && subscription.latest_invoice) {
    const invoice = await ctx.store.get('invoice', subscription.latest_invoice);
    const secret = invoice?.confirmation_secret?.client_secret;
    const paymentIntentId = secret ? intentIdOfClientSecret(secret) : null;
    if (paymentIntentId) ids.push(paymentIntentId);
  }
  for (const id of ids) {
    const intent = await loadIntent(ctx.store, id);
    if (intent) await cancelIntent(ctx, intent);
  }
}
