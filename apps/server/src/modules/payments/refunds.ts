import { type AdminPayment, formatPrice } from '@stillpoint/core';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../errors';
import {
  type PaymentProvider,
  type ProviderPayment,
  RefundRefusedError,
} from '../../integrations/payments/provider';
import { findCustomerId, findCustomerOwner } from './repo';
import type { PaymentsForSupport, RefundResult } from './support';

export interface PaymentsForSupportDependencies {
  db: Database;
  provider: PaymentProvider;
}

const toAdminPayment = (payment: ProviderPayment): AdminPayment => ({
  id: payment.id,
  amountCents: payment.amountCents,
  currency: payment.currency,
  paidAt: payment.paidAt.toISOString(),
  refundedCents: payment.refundedCents,
  description: payment.description,
});

const leftOf = (payment: ProviderPayment) => payment.amountCents - payment.refundedCents;

/** Why a refund of `amountCents` cannot be made, in the words support reads. */
function tooMuch(payment: ProviderPayment, amountCents: number | undefined): AppError {
  const left = leftOf(payment);
  if (left <= 0) return new AppError('BAD_REQUEST', 'This payment has been refunded in full already.');
  return new AppError(
    'BAD_REQUEST',
    `${formatPrice(amountCents ?? left, payment.currency)} is more than is left to refund: at most ${formatPrice(left, payment.currency)} of this payment can be refunded.`,
  );
}

/**
 * Payments' side of the support console (support.ts): a person's payments as the provider has
 * them, and a refund through the provider. A refund changes premium only when its webhook comes
 * back (refund-fulfilment.ts), on Stripe and the local provider alike.
 */
export function createPaymentsForSupport({
  db,
  provider,
}: PaymentsForSupportDependencies): PaymentsForSupport {
  /** The person's payment at this provider; someone else's, or none, is not found. */
  async function paymentOf(userId: string, paymentId: string): Promise<ProviderPayment> {
    const customerId = await findCustomerId(db, userId, provider.name);
    const payment = customerId ? await provider.retrievePayment(paymentId) : null;
    if (!payment || payment.customerId !== customerId) throw notFound('That payment');
    return payment;
  }

  return {
    async listPaymentsOf(userId) {
      const customerId = await findCustomerId(db, userId, provider.name);
      if (!customerId) return [];
      return (await provider.listCustomerPayments(customerId)).map(toAdminPayment);
    },

    async ownerOfPayment(paymentId) {
      const payment = await provider.retrievePayment(paymentId);
      return payment?.customerId ? findCustomerOwner(db, payment.customerId) : null;
    },

    async refundPayment({ userId, paymentId, amountCents }): Promise<RefundResult> {
      if (amountCents !== undefined && (!Number.isInteger(amountCents) || amountCents < 1)) {
        throw new AppError(
          'BAD_REQUEST',
          'The amount to refund must be a whole number of cents, at least 1.',
        );
      }
      const payment = await paymentOf(userId, paymentId);
      const left = leftOf(payment);
      if (left <= 0 || (amountCents !== undefined && amountCents > left)) throw tooMuch(payment, amountCents);
      const amount = amountCents ?? left;
      try {
        // The key is the refund as it was asked for against what had been refunded when asked: a
        // double click (or two support people at once) sends the same one, and the provider makes
        // one refund; the next refund, after this one, sees a new refunded amount and a new key.
        const refund = await provider.refundPayment({
          paymentId,
          amountCents: amount,
          idempotencyKey: `refund:${paymentId}:${payment.refundedCents}:${amount}`,
        });
        return { refundId: refund.id, amountCents: refund.amountCents, status: refund.status };
      } catch (error) {
        // Another refund got in first: the provider refused this one for what is left now.
        if (error instanceof RefundRefusedError) throw tooMuch(await paymentOf(userId, paymentId), amount);
        throw error;
      }
    },
  };
}
