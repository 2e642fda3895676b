export { billingPortal } from './billingPortal';
export { cameFromCheckout, STRIPE_SUCCESS_PARAM, SUBSCRIPTION_PATH } from './checkoutReturn';
export { hostedCheckout } from './hostedCheckout';
export {
  reloadSubscription,
  type Subscription,
  type SubscriptionStatus,
  subscriptionQuery,
  useSubscription,
} from './useSubscription';
