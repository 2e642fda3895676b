import { asc, eq, getTableName } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { paymentCustomer, paymentSubscription } from '../../db/schema';
import type { PaymentProvider } from '../../integrations/payments';

/** Statuses after which a provider subscription can neither charge nor grant anything again. */
const ENDED = new Set(['canceled', 'incomplete_expired']);

/**
 * Account deletion, before anything is deleted (docs/privacy.md): every web subscription of the
 * person that has not ended is cancelled at the provider at once, without a refund, and every
 * checkout still open is closed, so nothing is charged after the account is gone. Only subscriptions
 * of the configured provider can be reached. Throws when the provider fails: the caller deletes
 * nothing then. Returns how many subscriptions were cancelled.
 */
export async function cancelAtProvider(
  db: Database,
  provider: PaymentProvider,
  userId: string,
): Promise<{ cancelled: number }> {
  const [subscriptions, customers] = await Promise.all([
    db
      .select({
        id: paymentSubscription.id,
        provider: paymentSubscription.provider,
        status: paymentSubscription.status,
      })
      .from(paymentSubscription)
      .where(eq(paymentSubscription.userId, userId)),
    db.select().from(paymentCustomer).where(eq(paymentCustomer.userId, userId)),
  ]);
  const toCancel = new Set(
    subscriptions
      .filter((subscription) => subscription.provider === provider.name && !ENDED.has(subscription.status))
      .map((subscription) => subscription.id),
  );
  for (const customer of customers.filter((each) => each.provider === provider.name)) {
    for (const session of await provider.listOpenCheckoutSessions(customer.customerId)) {
      await provider.expireCheckoutSession(session.id);
    }
    // The provider's own list too: a subscription whose webhook has not arrived yet is not mirrored.
    for (const subscription of await provider.listCustomerSubscriptions(customer.customerId)) {
      if (!ENDED.has(subscription.status)) toCancel.add(subscription.id);
    }
  }
  for (const id of toCancel) await provider.cancelSubscription(id);
  const cancelled = toCancel.size;
  return { cancelled };
}

/**
 * The person's customer records and the mirror of their subscriptions: plan, status, dates, the
 * card as read and where each receipt went.
 */
export async function exportUser(db: Database, userId: string) {
  const [customers, subscriptions] = await Promise.all([
    db
      .select({
        provider: paymentCustomer.provider,
        customerId: paymentCustomer.customerId,
        createdAt: paymentCustomer.createdAt,
      })
      .from(paymentCustomer)
      .where(eq(paymentCustomer.userId, userId)),
    db
      .select()
      .from(paymentSubscription)
      .where(eq(paymentSubscription.userId, userId))
      .orderBy(asc(paymentSubscription.createdAt)),
  ]);
  return { [getTableName(paymentCustomer)]: customers, [getTableName(paymentSubscription)]: subscriptions };
}
