import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { localPaymentObject } from '../../../db/schema';
import type { LocalObject, LocalObjectType, ObjectOfType } from './objects';

/** Which customer an object belongs to, for the (type, customer) index. */
function customerOf(object: LocalObject): string | null {
  switch (object.object) {
    case 'customer':
      return object.id;
    case 'webhook_endpoint':
    case 'refund':
      return null;
    case 'event': {
      const inner = object.data.object;
      return 'customer' in inner && typeof inner.customer === 'string' ? inner.customer : null;
    }
    default:
      return object.customer;
  }
}

/**
 * The local provider's objects in `local_payment_object`: one row per object, the object itself
 * as JSON. The same code runs on PGlite and PostgreSQL, so test-mode purchases survive restarts.
 */
export class LocalStore {
  constructor(
    private readonly db: Database,
    /** Inside a change, reads lock their row until it commits (see transaction). */
    private readonly lockReads = false,
  ) {}

  /**
   * Runs `work` in one transaction, so an operation's objects and events are written together.
   * Its reads take row locks: two servers on one PostgreSQL pressing the same Pay button wait for
   * each other, and the second sees the session already complete.
   */
  transaction<T>(work: (store: LocalStore) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new LocalStore(tx, true)));
  }

  async get<T extends LocalObjectType>(type: T, id: string): Promise<ObjectOfType<T> | null> {
    const query = this.db
      .select({ data: localPaymentObject.data })
      .from(localPaymentObject)
      .where(and(eq(localPaymentObject.id, id), eq(localPaymentObject.type, type)))
      .limit(1);
    const rows = this.lockReads ? await query.for('update') : await query;
    return (rows[0]?.data as ObjectOfType<T> | undefined) ?? null;
  }

  async put(object: LocalObject): Promise<void> {
    const customerId = customerOf(object);
    await this.db
      .insert(localPaymentObject)
      .values({ id: object.id, type: object.object, customerId, data: object })
      .onConflictDoUpdate({
        target: localPaymentObject.id,
        set: { data: object, customerId, updatedAt: new Date() },
      });
  }

  /** Stores the object unless one with its id is stored already; either way returns the stored one. */
  async putIfMissing<T extends LocalObject>(object: T): Promise<T> {
    await this.db
      .insert(localPaymentObject)
      .values({ id: object.id, type: object.object, customerId: customerOf(object), data: object })
      .onConflictDoNothing({ target: localPaymentObject.id });
    const stored = await this.get(object.object, object.id);
    if (!stored) throw new Error(`local ${object.object} ${object.id} is missing after its insert`);
    return stored as T;
  }

  /** A customer's objects of one type, or every object of the type; oldest first. */
  async list<T extends LocalObjectType>(
    type: T,
    { customerId, where }: { customerId?: string; where?: SQL } = {},
  ): Promise<ObjectOfType<T>[]> {
    const rows = await this.db
      .select({ data: localPaymentObject.data })
      .from(localPaymentObject)
      .where(
        and(
          eq(localPaymentObject.type, type),
          customerId === undefined ? undefined : eq(localPaymentObject.customerId, customerId),
          where,
        ),
      )
      .orderBy(sql`(${localPaymentObject.data}->>'created')::bigint`, localPaymentObject.createdAt);
    return rows.map((row) => row.data as ObjectOfType<T>);
  }

  /** Subscriptions in any of `statuses`, across customers: what the periodic clock looks at. */
  listSubscriptionsByStatus(statuses: readonly string[]) {
    return this.list('subscription', {
      where: inArray(sql<string>`${localPaymentObject.data}->>'status'`, [...statuses]),
    });
  }

  /** Events whose webhook has not answered 2xx yet (pending_webhooks > 0). */
  listUndeliveredEvents() {
    return this.list('event', {
      where: sql`(${localPaymentObject.data}->>'pending_webhooks')::int > 0`,
    });
  }

  /** A charge's refunds, oldest first. */
  listRefundsOf(chargeId: string) {
    return this.list('refund', { where: sql`${localPaymentObject.data}->>'charge' = ${chargeId}` });
  }

  /** The charge a PaymentIntent made (Stripe's latest_charge); null before it is paid. */
  async chargeOfIntent(paymentIntentId: string) {
    const charges = await this.list('charge', {
      where: sql`${localPaymentObject.data}->>'payment_intent' = ${paymentIntentId}`,
    });
    return charges.at(-1) ?? null;
  }

  /** Open checkout sessions past their expiry. */
  listExpiredOpenSessions(nowSeconds: number) {
    return this.list('checkout.session', {
      where: sql`${localPaymentObject.data}->>'status' = 'open' and (${localPaymentObject.data}->>'expires_at')::bigint <= ${nowSeconds}`,
    });
  }
}
