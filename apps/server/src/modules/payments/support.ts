import type { AdminPayment } from '@stillpoint/core';

/** A refund as the provider took it. `pending` until its webhook arrives, then `succeeded` or `failed`. */
export interface RefundResult {
  refundId: string;
  amountCents: number;
  status: 'pending' | 'succeeded' | 'failed';
}

/**
 * What the support console needs from payments (docs/support.md): a person's web payments as the
 * provider has them, and a refund of one, all of it or part. A refund changes premium only through
 * the provider's webhook, as every payment does.
 */
export interface PaymentsForSupport {
  /** The person's payments, newest first; 404 (AppError NOT_FOUND) is never thrown for none. */
  listPaymentsOf(userId: string): Promise<AdminPayment[]>;
  /**
   * Refunds `amountCents` (the whole remaining amount when left out) of one of the person's
   * payments. A payment that is not theirs is NOT_FOUND; more than is left is BAD_REQUEST.
   */
  refundPayment(input: { userId: string; paymentId: string; amountCents?: number }): Promise<RefundResult>;
  /**
   * Whose payment this is (the console's search by payment id): the user id of the account whose
   * customer paid it; null for an unknown payment or one no account owns (a gift bought as a guest).
   */
  ownerOfPayment(paymentId: string): Promise<string | null>;
  /** Whose customer this is (`cus_…`, the console's search by customer id); null when no account's. */
  ownerOfCustomer(customerId: string): Promise<string | null>;
  /** One payment as the provider has it now, whoever paid it (a gift's); null when unknown. */
  payment(paymentId: string): Promise<AdminPayment | null>;
  /**
   * Refunds a gift purchase's payment, which may have no customer (a guest's), as refundPayment
   * does otherwise: an unknown payment is NOT_FOUND, more than is left BAD_REQUEST. The gift's
   * codes change only when the provider's webhook comes back (gifts/refunds.ts).
   */
  refundGiftPayment(input: { paymentId: string; amountCents?: number }): Promise<RefundResult>;
}
