export { cameFromCheckout, STRIPE_SUCCESS_PARAM, SUBSCRIPTION_PATH } from './checkoutReturn';
export {
  reloadSubscription,
  type Subscription,
  type SubscriptionStatus,
  subscriptionQuery,
  useSubscription,
} from './useSubscription';
