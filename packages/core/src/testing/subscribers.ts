import type { Subscriber, SubscriberSubscription } from '../rules/subscription';

/**
 * A subscriber holding one product as premium, its entry shaped as the server sends it; `entry`
 * needs at least the dates, the rest defaults to a normal, paid, non-sandbox web purchase.
 */
export function subscriberHolding(
  productId: string,
  entry: Pick<SubscriberSubscription, 'expires_date' | 'purchase_date'> & Partial<SubscriberSubscription>,
): Subscriber {
  const subscription: SubscriberSubscription = {
    period_type: 'normal',
    store: 'stripe',
    is_sandbox: false,
    ...entry,
  };
  return {
    entitlements: {
      premium: {
        product_identifier: productId,
        expires_date: subscription.expires_date,
        purchase_date: subscription.purchase_date,
      },
    },
    subscriptions: { [productId]: subscription },
  };
}
