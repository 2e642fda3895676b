import { TRIAL_REMINDER_LEAD_DAYS } from '@stillpoint/core';
import { LIVE_STATUSES, loadCustomer, nextStep, runDue } from './billing';
import type { LocalContext } from './context';
import type { InvoiceObject, Seconds, SubscriptionObject } from './objects';

/** Statuses whose dates the clock moves: those with a next billing date. */
const CLOCKED: readonly string[] = ['trialing', 'active', 'past_due'];

const DAY_SECONDS = 86_400;

const minus = (value: Seconds | null, by: Seconds) => (value === null ? null : value - by);

/** The subscription as if everything had happened `by` seconds earlier. */
function shiftSubscription(subscription: SubscriptionObject, by: Seconds): SubscriptionObject {
  return {
    ...subscription,
    created: subscription.created - by,
    start_date: subscription.start_date - by,
    billing_cycle_anchor: subscription.billing_cycle_anchor - by,
    trial_start: minus(subscription.trial_start, by),
    trial_end: minus(subscription.trial_end, by),
    cancel_at: minus(subscription.cancel_at, by),
    canceled_at: minus(subscription.canceled_at, by),
    items: {
      object: 'list',
      data: subscription.items.data.map((item) => ({
        ...item,
        created: item.created - by,
        current_period_start: item.current_period_start - by,
        current_period_end: item.current_period_end - by,
      })),
    },
  };
}

function shiftInvoice(invoice: InvoiceObject, by: Seconds): InvoiceObject {
  return {
    ...invoice,
    created: invoice.created - by,
    period_start: invoice.period_start - by,
    period_end: invoice.period_end - by,
    next_payment_attempt: minus(invoice.next_payment_attempt, by),
    status_transitions: { paid_at: minus(invoice.status_transitions.paid_at, by) },
  };
}

/** Where the test clock moves a customer: their next billing date, or two days before a trial ends. */
export type ClockTarget = 'nextBillingDate' | 'trialReminder';

/**
 * Test clock: moves the customer to their next billing date (trial end, renewal, the retry of a
 * failed charge), or with `trialReminder` to the moment their trial's reminder falls due (core's
 * TRIAL_REMINDER_LEAD_DAYS before it ends). Rather than faking "now", it moves their subscriptions'
 * dates into the past by the time to that moment and then runs what is due at the real now, so
 * every date the product reads afterwards (an expiry above all) is truly in the past. Returns how
 * far it moved, or null when nothing is left to move.
 */
export async function advanceClock(
  ctx: LocalContext,
  customerId: string,
  target: ClockTarget = 'nextBillingDate',
): Promise<Seconds | null> {
  const subscriptions = (await ctx.store.list('subscription', { customerId })).filter((s) =>
    CLOCKED.includes(s.status),
  );
  if (subscriptions.length === 0) return null;
  const invoices = await ctx.store.list('invoice', { customerId });
  const latest = (subscription: SubscriptionObject) =>
    invoices.find((invoice) => invoice.id === subscription.latest_invoice) ?? null;

  const due =
    target === 'trialReminder'
      ? subscriptions
          .flatMap((subscription) =>
            subscription.status === 'trialing' && subscription.trial_end !== null
              ? [subscription.trial_end - TRIAL_REMINDER_LEAD_DAYS * DAY_SECONDS]
              : [],
          )
          // Already within the reminder's days: nothing to move to.
          .filter((at) => at > ctx.now)
      : subscriptions
          .map((subscription) => nextStep(subscription, latest(subscription))?.at)
          .filter((at): at is Seconds => at !== undefined);
  if (due.length === 0) return null;
  const by = Math.max(0, Math.min(...due) - ctx.now + 1);

  const shiftedIds = new Set(subscriptions.map((subscription) => subscription.id));
  for (const invoice of invoices) {
    if (shiftedIds.has(invoice.parent.subscription_details.subscription)) {
      await ctx.store.put(shiftInvoice(invoice, by));
    }
  }
  for (const subscription of subscriptions) {
    const shifted = shiftSubscription(subscription, by);
    await ctx.store.put(shifted);
    const eventsBefore = ctx.events.events.length;
    await runDue(ctx, shifted);
    // Its dates moved even if nothing fell due: the product must see the new dates too.
    if (ctx.events.events.length === eventsBefore) ctx.events.emit('customer.subscription.updated', shifted);
  }
  return by;
}

/** The test clock's switch: while on, renewals and retries of this customer's charges fail. */
export async function setChargesFail(ctx: LocalContext, customerId: string, fail: boolean): Promise<void> {
  const customer = await loadCustomer(ctx, customerId);
  await ctx.store.put({ ...customer, local_charges_fail: fail });
}

/** What is due across every customer: what the periodic clock runs, so a real trial converts on its own. */
export async function liveSubscriptionIds(ctx: Pick<LocalContext, 'store'>): Promise<string[]> {
  const subscriptions = await ctx.store.listSubscriptionsByStatus(LIVE_STATUSES);
  return subscriptions.map((subscription) => subscription.id);
}

export async function runDueFor(ctx: LocalContext, subscriptionId: string): Promise<void> {
  const subscription = await ctx.store.get('subscription', subscriptionId);
  if (subscription) await runDue(ctx, subscription);
}

/** Unused checkout sessions past their day expire, as Stripe's do. */
export async function expireCheckoutSessions(ctx: LocalContext): Promise<void> {
  for (const session of await ctx.store.listExpiredOpenSessions(ctx.now)) {
    const expired = { ...session, status: 'expired' as const, url: null };
    await ctx.store.put(expired);
    ctx.events.emit('checkout.session.expired', expired);
  }
}
