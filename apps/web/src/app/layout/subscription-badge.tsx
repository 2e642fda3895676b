import { Link } from 'react-router';
import { SUBSCRIPTION_PATH } from '../../lib/subscription/checkout-return';
import { useSubscription } from '../../lib/subscription/use-subscription';

const tones = {
  pro: 'bg-accent text-white',
  trial: 'bg-accent-soft text-accent-strong',
  expired: 'bg-danger/10 text-danger',
} as const;

/**
 * SPEC §2's status badge, for a signed-in person with a subscription: 'PRO', 'Trial N days left',
 * 'Payment failed' or 'Subscription expired'. It links to the subscription page, where the plan
 * is managed (and, after a failed payment, the card updated).
 */
export function SubscriptionBadge() {
  const { badge, isExpired, isPaymentFailed, isTrial } = useSubscription();
  if (!badge) return null;
  const tone = isExpired || isPaymentFailed ? tones.expired : isTrial ? tones.trial : tones.pro;
  return (
    <Link
      to={SUBSCRIPTION_PATH}
      // Heard as "Subscription: Trial 7 days left"; the badge alone would lack context.
      aria-label={`Subscription: ${badge}`}
      className={`inline-flex min-h-7 shrink-0 items-center whitespace-nowrap rounded-full px-2.5 text-xs font-semibold ${tone}`}
    >
      <span data-testid="subscription-badge">{badge}</span>
    </Link>
  );
}
