import type { PaymentProvider, VerifiedPaymentEvent } from '../../integrations/payments/provider';

/** The provider's word that a charge was refunded, in full or in part (Stripe sends it for both). */
export const REFUND_EVENTS: ReadonlySet<string> = new Set(['charge.refunded']);

const ENDED: readonly string[] = ['canceled', 'incomplete_expired'];

export interface RefundFulfilmentDependencies {
  provider: PaymentProvider;
  log: { info(details: object, message: string): void };
}

/**
 * What a refund does to premium, as the provider has the charge now (the payload is not read): a
 * full refund of a subscription's latest payment ends that subscription at the provider now,
 * without a further refund; a partial refund, or the refund of an older payment, leaves premium
 * as it is. Returns the subscription whose state fulfilment then mirrors (the ended one), or
 * null when premium is untouched.
 *
 * Idempotent and safe in any order: it decides from the provider's current state, and canceling
 * a subscription that has ended already does nothing. If the cancel fails, this throws, the
 * event stays unrecorded and the provider delivers it again.
 */
export async function endPremiumOfRefundedPayment(
  { provider, log }: RefundFulfilmentDependencies,
  event: VerifiedPaymentEvent,
): Promise<string | null> {
  const payment = await provider.retrievePayment(event.objectId);
  if (!payment || payment.refundedCents < payment.amountCents) return null;
  if (!payment.subscriptionId || !payment.customerId) {
    // A one-time payment: a gift. Its codes keep working (docs/payments.md, "Refunds").
    log.info({ eventId: event.id, paymentId: payment.id }, 'a one-time payment was refunded in full');
    return null;
  }
  const payments = await provider.listCustomerPayments(payment.customerId);
  const latest = payments.find((candidate) => candidate.subscriptionId === payment.subscriptionId);
  if (latest?.id !== payment.id) return null;
  const subscription = await provider.retrieveSubscription(payment.subscriptionId);
  if (subscription && !ENDED.includes(subscription.status)) {
    await provider.cancelSubscription(subscription.id);
    log.info(
      { eventId: event.id, paymentId: payment.id, subscriptionId: subscription.id },
      "a subscription's latest payment was refunded in full; the subscription was ended at the provider",
    );
  }
  return payment.subscriptionId;
}
