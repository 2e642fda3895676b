import type { Database } from '../../db/client';
import type { PaymentProviderName } from '../../db/schema';
import { AppError } from '../../errors';
import { claimPurchaseLock, releasePurchaseLock } from './repo';

/** Longer than starting a purchase takes: a few provider calls, each with its retries. */
const LEASE_MS = 120_000;
/** How long a request waits for another of the same person's before it gives up. */
const WAIT_MS = 30_000;
const POLL_MS = 50;

// This process's requests per person, chained so they wait here rather than poll the database;
// only requests on other servers are waited for by polling.
const queues = new Map<string, Promise<unknown>>();

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` while holding the person's purchase lock: one request at a time starts a purchase
 * for them, across every server. The lock is a lease on their payment customer row rather than a
 * transaction, because `work` calls the provider, and the local provider uses the same database
 * (PGlite has one connection, so a transaction held across those calls would wait on itself).
 * The payment customer must exist.
 */
export function whilePurchaseLocked<T>(
  db: Database,
  key: { userId: string; provider: PaymentProviderName },
  work: () => Promise<T>,
): Promise<T> {
  const id = `${key.provider}:${key.userId}`;
  const run = (queues.get(id) ?? Promise.resolve()).then(() => withLease(db, key, work));
  const tail = run.catch(() => {});
  queues.set(id, tail);
  void tail.then(() => {
    if (queues.get(id) === tail) queues.delete(id);
  });
  return run;
}

async function withLease<T>(
  db: Database,
  key: { userId: string; provider: PaymentProviderName },
  work: () => Promise<T>,
): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  let until = new Date(Date.now() + LEASE_MS);
  while (!(await claimPurchaseLock(db, key, until, new Date()))) {
    if (Date.now() >= deadline) {
      throw new AppError(
        'UNAVAILABLE',
        'Your checkout is still being prepared in another window. Please try again.',
      );
    }
    await sleep(POLL_MS);
    until = new Date(Date.now() + LEASE_MS);
  }
  try {
    return await work();
  } finally {
    // A release that fails leaves the lease to run out on its own.
    await releasePurchaseLock(db, key, until).catch(() => {});
  }
}
