import { messages } from '@stillpoint/core';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import type { PaymentProvider } from '../../integrations/payments/provider';
import { entitlementsInForce } from '../entitlements/service';
import { whilePurchaseLocked } from './purchase-lock';
import { hasLiveSubscription } from './repo';

/**
 * 409 for someone who already pays or holds premium: a live web subscription, or premium in force
 * from any store or grant. The no-card trial does not count, since it is what a person buys a plan
 * from.
 */
async function refuseSecondSubscription(db: Database, userId: string, now: Date): Promise<void> {
  const conflict = () => new AppError('CONFLICT', messages.alreadySubscribed);
  if (await hasLiveSubscription(db, userId)) throw conflict();
  const inForce = await entitlementsInForce(db, userId, now);
  if (inForce.some((row) => !(row.store === 'promotional' && row.periodType === 'trial'))) throw conflict();
}

/**
 * Ends at the provider what the customer left unfinished: hosted checkouts that could still be
 * paid, and subscriptions still waiting for their first payment or (an embedded-form trial) their
 * card. Otherwise a checkout left open in another tab could be paid after this one.
 */
async function abandonUnfinishedPurchases(provider: PaymentProvider, customerId: string): Promise<void> {
  const [sessions, subscriptions] = await Promise.all([
    provider.listOpenCheckoutSessions(customerId),
    provider.listCustomerSubscriptions(customerId),
  ]);
  for (const session of sessions) {
    if (session.mode === 'subscription') await provider.expireCheckoutSession(session.id);
  }
  for (const subscription of subscriptions) {
    const unfinished =
      subscription.status === 'incomplete' ||
      (subscription.status === 'trialing' && subscription.awaitingPaymentMethod);
    if (unfinished) await provider.cancelSubscription(subscription.id);
  }
}

/**
 * Starts a subscription purchase (a hosted checkout, or the embedded form's subscription) with
 * `start`, one at a time per person: under their purchase lock it refuses someone who already has
 * a subscription, ends what they left unfinished, then starts the new one. So of two tabs, or any
 * number of concurrent requests, only the purchase started last can still be completed.
 */
export function startPurchase<T>(
  { db, provider }: { db: Database; provider: PaymentProvider },
  purchase: { userId: string; customerId: string; now: Date },
  start: () => Promise<T>,
): Promise<T> {
  return whilePurchaseLocked(db, { userId: purchase.userId, provider: provider.name }, async () => {
    await refuseSecondSubscription(db, purchase.userId, purchase.now);
    await abandonUnfinishedPurchases(provider, purchase.customerId);
    return start();
  });
}
