import type { CheckoutSession } from '../../integrations/payments/provider';

/** A completed one-time checkout for gifts (createStripeCheckoutSessionForGift marks it kind 'gift'). */
export const isGiftCheckout = (session: CheckoutSession): boolean =>
  session.mode === 'payment' && session.metadata.kind === 'gift';

/**
 * The seam where gift purchases are fulfilled (issuing redemption codes belongs to the gifts
 * module). Until that lands, a paid gift checkout is acknowledged so the provider stops
 * retrying, and nothing changes (the event is not marked processed either).
 */
export async function fulfilGiftPurchase(_session: CheckoutSession): Promise<'gift'> {
  return 'gift';
}
