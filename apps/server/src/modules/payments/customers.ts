import type { Database } from '../../db/client';
import type { PaymentProvider } from '../../integrations/payments/provider';
import { findCustomerId, insertCustomerIfMissing } from './repo';

// Calls of this process that are creating a customer, per provider and user, so a burst of
// requests from one page asks the provider once instead of leaving unused customers behind.
const creating = new Map<string, Promise<string>>();

/**
 * The user's customer at the provider, created on first need. One per (user, provider): the
 * database keeps one even when several server instances race, and the loser of such a race uses
 * the winner's (its own stays unused at the provider, which costs nothing).
 */
export async function ensureCustomer(
  db: Database,
  provider: PaymentProvider,
  user: { id: string; email: string | null },
): Promise<string> {
  const existing = await findCustomerId(db, user.id, provider.name);
  if (existing) return existing;
  const key = `${provider.name}:${user.id}`;
  const pending = creating.get(key);
  if (pending) return pending;
  const work = createAndStore(db, provider, user).finally(() => creating.delete(key));
  creating.set(key, work);
  return work;
}

async function createAndStore(
  db: Database,
  provider: PaymentProvider,
  user: { id: string; email: string | null },
): Promise<string> {
  const created = await provider.createCustomer({ email: user.email, userId: user.id });
  const stored = await insertCustomerIfMissing(db, {
    userId: user.id,
    provider: provider.name,
    customerId: created.id,
  });
  if (stored) return created.id;
  const winner = await findCustomerId(db, user.id, provider.name);
  if (!winner) throw new Error(`payment customer of ${user.id} vanished while being created`);
  return winner;
}
