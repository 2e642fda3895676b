import type { Database } from '../../db/client';
import type {
  PaymentProvider,
  ProviderPayment,
  VerifiedPaymentEvent,
} from '../../integrations/payments/provider';
import { reconcileGiftRefund } from '../gifts/service';

/** The provider's word that a charge was refunded, in full or in part (Stripe sends it for both). */
export const REFUND_EVENTS: ReadonlySet<string> = new Set(['charge.refunded']);

const ENDED: readonly string[] = ['canceled', 'incomplete_expired'];

export interface RefundFulfilmentDependencies {
  db: Database;
  provider: PaymentProvider;
  log: { info(details: object, message: string): void };
  now?: () => Date;
}

/**
 * A gift's payment, as the provider has it now: its purchase's unredeemed codes are voided in
 * proportion to what has been refunded (gifts/refunds.ts). Run on `charge.refunded` and once the
 * gift's checkout is paid, since the refund's event may come first; a payment no purchase has yet
 * is only logged.
 */
export async function voidRefundedGiftCodes(
  { db, log, now }: Pick<RefundFulfilmentDependencies, 'db' | 'log' | 'now'>,
  payment: ProviderPayment,
): Promise<void> {
  const result = await reconcileGiftRefund(db, payment, (now ?? (() => new Date()))());
  if (!result) {
    log.info({ paymentId: payment.id }, 'a one-time payment was refunded; no gift purchase has it (yet)');
  } else if (result.voided > 0) {
    log.info({ paymentId: payment.id, ...result }, "a gift's refund voided unredeemed codes");
  }
}

/**
 * What a refund does to premium, as the provider has the charge now (the payload is not read): a
 * gift's refund voids its unredeemed codes in proportion; a
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
  deps: RefundFulfilmentDependencies,
  event: VerifiedPaymentEvent,
): Promise<string | null> {
  const { provider, log } = deps;
  const payment = await provider.retrievePayment(event.objectId);
  if (!payment) return null;
  // A one-time payment: a gift, whose codes the refund voids in part or in full.
  if (!payment.subscriptionId) {
    await voidRefundedGiftCodes(deps, payment);
    return null;
  }
  if (payment.refundedCents < payment.amountCents || !payment.customerId) return null;
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
