import { type ProviderPayment, type ProviderRefund, RefundRefusedError } from '../provider';
import { productName } from './catalogue';
import { type LocalContext, LocalPaymentError } from './context';
import { newId } from './ids';
import type { ChargeObject, IntentPurpose, PaymentIntentObject, RefundObject } from './objects';
import type { LocalStore } from './store';

/** What a payment bought, as its charge's description: the plan, or the gift. */
async function descriptionOf(store: LocalStore, purpose: IntentPurpose): Promise<string | null> {
  switch (purpose.kind) {
    case 'subscription':
    case 'renewal': {
      const subscription = await store.get('subscription', purpose.subscription_id);
      const price = subscription?.items.data[0]?.price;
      return price ? productName(price) : null;
    }
    case 'checkout': {
      const session = await store.get('checkout.session', purpose.session_id);
      return session?.line_items.data[0]?.description ?? null;
    }
    default:
      return null;
  }
}

/**
 * The charge a succeeded PaymentIntent makes, as on Stripe; nothing for an amount of 0. Refunds
 * are made against it.
 */
export async function recordCharge(ctx: LocalContext, intent: PaymentIntentObject): Promise<void> {
  if (intent.amount_received <= 0) return;
  const charge: ChargeObject = {
    id: newId('ch'),
    object: 'charge',
    created: ctx.now,
    customer: intent.customer,
    amount: intent.amount_received,
    amount_captured: intent.amount_received,
    amount_refunded: 0,
    refunded: false,
    currency: intent.currency,
    paid: true,
    status: 'succeeded',
    payment_intent: intent.id,
    description: await descriptionOf(ctx.store, intent.local_purpose),
    livemode: false,
  };
  await ctx.store.put(charge);
}

/**
 * The subscription a charge paid for, through its PaymentIntent: a subscription's first invoice
 * or a renewal, or a hosted checkout that started one. Null for a one-time payment (a gift).
 */
async function subscriptionOf(store: LocalStore, charge: ChargeObject): Promise<string | null> {
  const intent = await store.get('payment_intent', charge.payment_intent);
  const purpose = intent?.local_purpose;
  if (!purpose) return null;
  if (purpose.kind === 'subscription' || purpose.kind === 'renewal') return purpose.subscription_id;
  if (purpose.kind !== 'checkout') return null;
  return (await store.get('checkout.session', purpose.session_id))?.subscription ?? null;
}

export async function toProviderPayment(store: LocalStore, charge: ChargeObject): Promise<ProviderPayment> {
  return {
    id: charge.id,
    customerId: charge.customer,
    amountCents: charge.amount_captured,
    currency: charge.currency,
    paidAt: new Date(charge.created * 1000),
    refundedCents: charge.amount_refunded,
    description: charge.description,
    subscriptionId: await subscriptionOf(store, charge),
  };
}

export const toProviderRefund = (refund: RefundObject): ProviderRefund => ({
  id: refund.id,
  paymentId: refund.charge,
  amountCents: refund.amount,
  status: refund.status,
});

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/**
 * Stripe's refunds.create on a charge: `amountCents` of it, or all that is left. Run in the
 * provider's transaction with the charge's row locked, so two refunds at once are made one after
 * the other and the second sees what the first gave back. The same idempotency key again answers
 * the refund it made, as Stripe does. Stripe's refusals, in its words: more than is left, or a
 * charge refunded in full already.
 */
export async function refundCharge(
  ctx: LocalContext,
  input: { paymentId: string; amountCents?: number | undefined; idempotencyKey?: string | undefined },
): Promise<RefundObject> {
  const charge = await ctx.store.get('charge', input.paymentId);
  if (!charge) throw new LocalPaymentError(`No such charge: '${input.paymentId}'`);
  const key = input.idempotencyKey ?? null;
  if (key !== null) {
    const earlier = (await ctx.store.listRefundsOf(charge.id)).find(
      (refund) => refund.local_idempotency_key === key,
    );
    if (earlier) return earlier;
  }
  const left = charge.amount_captured - charge.amount_refunded;
  if (left <= 0) throw new RefundRefusedError(`Charge ${charge.id} has already been refunded.`);
  const amount = input.amountCents ?? left;
  if (!Number.isInteger(amount) || amount < 1) throw new LocalPaymentError('Invalid positive integer');
  if (amount > left) {
    throw new RefundRefusedError(
      `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(left)})`,
    );
  }
  const refund: RefundObject = {
    id: newId('re'),
    object: 'refund',
    created: ctx.now,
    amount,
    charge: charge.id,
    payment_intent: charge.payment_intent,
    currency: charge.currency,
    status: 'succeeded',
    reason: 'requested_by_customer',
    livemode: false,
    local_idempotency_key: key,
  };
  const refunded = charge.amount_refunded + amount;
  const updated: ChargeObject = {
    ...charge,
    amount_refunded: refunded,
    refunded: refunded >= charge.amount_captured,
  };
  await ctx.store.put(refund);
  await ctx.store.put(updated);
  // Stripe's order: the charge, then the refund.
  ctx.events.emit('charge.refunded', updated);
  ctx.events.emit('refund.created', refund);
  return refund;
}
