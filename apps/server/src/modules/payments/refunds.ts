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

  /** Refunds `amountCents` (all that is left when left out) of the payment `find` answers. */
  async function refund(
    find: () => Promise<ProviderPayment>,
    amountCents: number | undefined,
  ): Promise<RefundResult> {
    if (amountCents !== undefined && (!Number.isInteger(amountCents) || amountCents < 1)) {
      throw new AppError('BAD_REQUEST', 'The amount to refund must be a whole number of cents, at least 1.');
    }
    const payment = await find();
    const left = leftOf(payment);
    if (left <= 0 || (amountCents !== undefined && amountCents > left)) throw tooMuch(payment, amountCents);
    const amount = amountCents ?? left;
    try {
      // The key is the refund as it was asked for against what had been refunded when asked: a
      // double click (or two support people at once) sends the same one, and the provider makes
      // one refund; the next refund, after this one, sees a new refunded amount and a new key.
      const made = await provider.refundPayment({
        paymentId: payment.id,
        amountCents: amount,
        idempotencyKey: `refund:${payment.id}:${payment.refundedCents}:${amount}`,
      });
      return { refundId: made.id, amountCents: made.amountCents, status: made.status };
    } catch (error) {
      // Another refund got in first: the provider refused this one for what is left now.
      if (error instanceof RefundRefusedError) throw tooMuch(await find(), amount);
      throw error;
    }
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

    async ownerOfCustomer(customerId) {
      return findCustomerOwner(db, customerId);
    },

    async payment(paymentId) {
      const payment = await provider.retrievePayment(paymentId);
      return payment ? toAdminPayment(payment) : null;
    },

    refundPayment: ({ userId, paymentId, amountCents }) =>
      refund(() => paymentOf(userId, paymentId), amountCents),

    refundGiftPayment: ({ paymentId, amountCents }) =>
      refund(async () => {
        const payment = await provider.retrievePayment(paymentId);
        if (!payment || payment.subscriptionId) throw notFound('That payment');
        return payment;
      }, amountCents),
  };
}
