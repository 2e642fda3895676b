import { and, desc, eq, inArray, isNotNull, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  type PaymentProviderName,
  paymentCustomer,
  paymentSubscription,
  processedPaymentEvent,
} from '../../db/schema';

export type PaymentSubscriptionRow = typeof paymentSubscription.$inferSelect;
/** What mirroring a provider's subscription writes; the receipt columns are the receipt's own. */
export type PaymentSubscriptionValues = Omit<
  PaymentSubscriptionRow,
  'createdAt' | 'updatedAt' | 'receiptClaimedUntil' | 'receiptSentAt' | 'receiptSentTo'
>;

/** Statuses in which a subscription still stands: a new purchase would be a second one. */
export const STANDING_STATUSES = ['trialing', 'active', 'past_due'] as const;

/**
 * A live web subscription: a standing one, except an embedded-form trial still waiting for its
 * card (it grants nothing, and a new purchase ends it). A person has at most one.
 */
const isLive: SQL = and(
  inArray(paymentSubscription.status, [...STANDING_STATUSES]),
  or(ne(paymentSubscription.status, 'trialing'), eq(paymentSubscription.awaitingPaymentMethod, false)),
) as SQL;

export async function findCustomerId(
  db: Database,
  userId: string,
  provider: PaymentProviderName,
): Promise<string | null> {
  const [row] = await db
    .select({ customerId: paymentCustomer.customerId })
    .from(paymentCustomer)
    .where(and(eq(paymentCustomer.userId, userId), eq(paymentCustomer.provider, provider)));
  return row?.customerId ?? null;
}

export async function findCustomerOwner(db: Database, customerId: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: paymentCustomer.userId })
    .from(paymentCustomer)
    .where(eq(paymentCustomer.customerId, customerId));
  return row?.userId ?? null;
}

/** Stores the user's customer unless they have one at this provider already; false in that case. */
export async function insertCustomerIfMissing(
  db: Database,
  values: { userId: string; provider: PaymentProviderName; customerId: string },
): Promise<boolean> {
  const inserted = await db
    .insert(paymentCustomer)
    .values(values)
    .onConflictDoNothing({ target: [paymentCustomer.userId, paymentCustomer.provider] })
    .returning({ customerId: paymentCustomer.customerId });
  return inserted.length > 0;
}

export async function hasLiveSubscription(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: paymentSubscription.id })
    .from(paymentSubscription)
    .where(and(eq(paymentSubscription.userId, userId), isLive))
    .limit(1);
  return row !== undefined;
}

/** The user's live subscriptions at this provider other than `exceptId`. */
export async function otherLiveSubscriptionIds(
  db: Database,
  userId: string,
  provider: PaymentProviderName,
  exceptId: string,
): Promise<string[]> {
  const rows = await db
    .select({ id: paymentSubscription.id })
    .from(paymentSubscription)
    .where(
      and(
        eq(paymentSubscription.userId, userId),
        eq(paymentSubscription.provider, provider),
        ne(paymentSubscription.id, exceptId),
        isLive,
      ),
    );
  return rows.map((row) => row.id);
}

/**
 * Whether any of the user's web subscriptions ever started with a trial. An embedded-form trial
 * whose card was never set up does not count: it never gave premium.
 */
export async function hasHadTrialSubscription(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: paymentSubscription.id })
    .from(paymentSubscription)
    .where(
      and(
        eq(paymentSubscription.userId, userId),
        isNotNull(paymentSubscription.trialStart),
        eq(paymentSubscription.awaitingPaymentMethod, false),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Takes the user's purchase lock until `until` unless another request holds it; false in that case.
 * One conditional update, so of any number of racing requests (on any server) exactly one wins.
 */
export async function claimPurchaseLock(
  db: Database,
  key: { userId: string; provider: PaymentProviderName },
  until: Date,
  now: Date,
): Promise<boolean> {
  const claimed = await db
    .update(paymentCustomer)
    .set({ purchaseLockUntil: until })
    .where(
      and(
        eq(paymentCustomer.userId, key.userId),
        eq(paymentCustomer.provider, key.provider),
        or(isNull(paymentCustomer.purchaseLockUntil), lte(paymentCustomer.purchaseLockUntil, now)),
      ),
    )
    .returning({ userId: paymentCustomer.userId });
  return claimed.length > 0;
}

/** Gives the lock back, unless it ran out and someone else holds it now. */
export async function releasePurchaseLock(
  db: Database,
  key: { userId: string; provider: PaymentProviderName },
  until: Date,
): Promise<void> {
  await db
    .update(paymentCustomer)
    .set({ purchaseLockUntil: null })
    .where(
      and(
        eq(paymentCustomer.userId, key.userId),
        eq(paymentCustomer.provider, key.provider),
        eq(paymentCustomer.purchaseLockUntil, until),
      ),
    );
}

/**
 * Serialises, until the transaction ends, the fulfilment of one user's subscriptions, so two that
 * become live at once cannot both find themselves the only one.
 */
export async function lockSubscriptionsOf(tx: Database, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`payment-subscriptions:${userId}`}))`);
}

export async function findSubscription(db: Database, id: string): Promise<PaymentSubscriptionRow | null> {
  const [row] = await db.select().from(paymentSubscription).where(eq(paymentSubscription.id, id));
  return row ?? null;
}

export const subscriptionsOf = (db: Database, userId: string): Promise<PaymentSubscriptionRow[]> =>
  db
    .select()
    .from(paymentSubscription)
    .where(eq(paymentSubscription.userId, userId))
    .orderBy(desc(paymentSubscription.createdAt));

/**
 * Mirrors the provider's subscription unless the stored copy was fetched later: the condition is
 * part of the upsert, so of two racing webhooks the one holding the newer fetch wins. True when
 * the row was written.
 */
export async function upsertSubscriptionUnlessNewer(
  db: Database,
  values: PaymentSubscriptionValues,
): Promise<boolean> {
  const excluded = (column: string) => sql.raw(`excluded.${column}`);
  const written = await db
    .insert(paymentSubscription)
    .values(values)
    .onConflictDoUpdate({
      target: paymentSubscription.id,
      set: {
        status: excluded('status'),
        priceId: excluded('price_id'),
        customerId: excluded('customer_id'),
        trialStart: excluded('trial_start'),
        trialEnd: excluded('trial_end'),
        currentPeriodStart: excluded('current_period_start'),
        currentPeriodEnd: excluded('current_period_end'),
        cancelAtPeriodEnd: excluded('cancel_at_period_end'),
        endedAt: excluded('ended_at'),
        paymentMethod: excluded('payment_method'),
        awaitingPaymentMethod: excluded('awaiting_payment_method'),
        isSandbox: excluded('is_sandbox'),
        syncedAt: excluded('synced_at'),
        updatedAt: sql`now()`,
      },
      setWhere: sql`${paymentSubscription.syncedAt} <= excluded.synced_at`,
    })
    .returning({ id: paymentSubscription.id });
  return written.length > 0;
}

export async function isEventProcessed(
  db: Database,
  provider: PaymentProviderName,
  eventId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ eventId: processedPaymentEvent.eventId })
    .from(processedPaymentEvent)
    .where(and(eq(processedPaymentEvent.provider, provider), eq(processedPaymentEvent.eventId, eventId)));
  return row !== undefined;
}

/** Claims the event for this transaction; false when it was processed already (a redelivery). */
export async function recordEventIfNew(
  db: Database,
  values: { provider: PaymentProviderName; eventId: string; type: string },
): Promise<boolean> {
  const inserted = await db
    .insert(processedPaymentEvent)
    .values(values)
    .onConflictDoNothing({ target: [processedPaymentEvent.provider, processedPaymentEvent.eventId] })
    .returning({ eventId: processedPaymentEvent.eventId });
  return inserted.length > 0;
}

/**
 * Claims the subscription's receipt until `until`, unless it was settled already or another
 * delivery holds it: one conditional update, so of any number of racing deliveries (on any
 * server) exactly one sends it. False when not claimed.
 */
export async function claimReceipt(db: Database, id: string, until: Date, now: Date): Promise<boolean> {
  const claimed = await db
    .update(paymentSubscription)
    .set({ receiptClaimedUntil: until })
    .where(
      and(
        eq(paymentSubscription.id, id),
        isNull(paymentSubscription.receiptSentAt),
        or(
          isNull(paymentSubscription.receiptClaimedUntil),
          lte(paymentSubscription.receiptClaimedUntil, now),
        ),
      ),
    )
    .returning({ id: paymentSubscription.id });
  return claimed.length > 0;
}

/** The receipt went to `sentTo` (null: there was no address to send it to); it is never sent again. */
export async function markReceiptSent(
  db: Database,
  id: string,
  sentTo: string | null,
  at: Date,
): Promise<void> {
  await db
    .update(paymentSubscription)
    .set({ receiptSentAt: at, receiptSentTo: sentTo, receiptClaimedUntil: null })
    .where(eq(paymentSubscription.id, id));
}

/** Sending failed: the next delivery of one of the subscription's events tries again. */
export async function releaseReceipt(db: Database, id: string): Promise<void> {
  await db
    .update(paymentSubscription)
    .set({ receiptClaimedUntil: null })
    .where(and(eq(paymentSubscription.id, id), isNull(paymentSubscription.receiptSentAt)));
}
