import type { PaymentProvider, ProviderSubscription } from '../../integrations/payments/provider';

export interface SecondSubscriptionLog {
  warn(details: object, message: string): void;
  /** Fastify's logger has it; a quiet test logger may leave it out and gets warnings instead. */
  error?(details: object, message: string): void;
}

/**
 * Standing (trialing, active, past_due), except an embedded-form trial still waiting for its card.
 * The same rule as the repo's isLive, for a subscription fetched from the provider.
 */
export function isLiveSubscription(subscription: ProviderSubscription): boolean {
  switch (subscription.status) {
    case 'active':
    case 'past_due':
      return true;
    case 'trialing':
      return !subscription.awaitingPaymentMethod;
    default:
      return false;
  }
}

const olderFirst = (a: ProviderSubscription, b: ProviderSubscription) =>
  a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id);

/**
 * A person holds at most one live web subscription. When fulfilment finds more (checkouts paid in
 * two tabs before anything stopped the second), the oldest stays and each newer one is canceled
 * at the provider at once, logged at error level so support can refund it if it was charged.
 * The others are fetched again first: a stored row whose end has not arrived yet cancels nothing.
 * Returns the subscription that stays and the ids of those canceled.
 */
export async function keepOldestLiveSubscription(
  { provider, log }: { provider: PaymentProvider; log: SecondSubscriptionLog },
  userId: string,
  subscription: ProviderSubscription,
  otherIds: readonly string[],
): Promise<{ kept: ProviderSubscription; canceledIds: string[] }> {
  const others = await Promise.all(otherIds.map((id) => provider.retrieveSubscription(id)));
  const live = others.filter(
    (other): other is ProviderSubscription => other !== null && isLiveSubscription(other),
  );
  const [kept = subscription, ...newer] = [subscription, ...live].sort(olderFirst);
  const error = (log.error ?? log.warn).bind(log);
  const canceledIds: string[] = [];
  for (const second of newer) {
    const details = {
      userId,
      subscriptionId: second.id,
      customerId: second.customerId,
      status: second.status,
      keptSubscriptionId: kept.id,
    };
    try {
      await provider.cancelSubscription(second.id);
      canceledIds.push(second.id);
      error(details, 'second live web subscription canceled at the provider; refund it if it was charged');
    } catch (cause) {
      error(
        { ...details, err: cause },
        'second live web subscription could not be canceled; cancel and refund it by hand',
      );
    }
  }
  return { kept, canceledIds };
}
