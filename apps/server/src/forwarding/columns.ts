import { and, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import type { ForwardResult } from './backoff';

// The SQL every forwarded table shares. feedback_message, analytics_event and ad_event each carry
// the same forwarding columns (migration 0009); their repos run the queries, with these pieces.

export interface ForwardingColumns {
  forwardedAt: PgColumn;
  nextForwardAt: PgColumn;
  forwardGivenUpAt: PgColumn;
}

/** Which rows one claim may take, and until when it holds them. */
export interface ForwardingClaim {
  now: Date;
  /** Younger rows are left to the forward that runs right after the answer. */
  storedBefore: Date;
  /** Claimed rows are due again only then, so no other instance takes them meanwhile. */
  leaseUntil: Date;
  limit: number;
}

/** Not forwarded, not given up, due (never tried by the job, or its next attempt has come). */
function dueForForwarding(table: ForwardingColumns, storedAt: PgColumn, claim: ForwardingClaim): SQL {
  return and(
    isNull(table.forwardedAt),
    isNull(table.forwardGivenUpAt),
    or(isNull(table.nextForwardAt), lte(table.nextForwardAt, claim.now)),
    lte(storedAt, claim.storedBefore),
  ) as SQL;
}

/** The column values that record one attempt's result. */
export function forwardResultValues(result: ForwardResult) {
  return result.ok
    ? { forwardedAt: result.forwardedAt, forwardAttempts: result.attempts, nextForwardAt: null }
    : {
        forwardAttempts: result.attempts,
        nextForwardAt: result.nextForwardAt,
        forwardGivenUpAt: result.givenUpAt,
        lastForwardError: result.error,
      };
}

/**
 * How many rows of one table wait to be forwarded and how many were given up. It reads only the
 * unforwarded rows, which the table's partial index of unforwarded rows serves.
 */
export async function countForwardingBacklog(
  db: Database,
  table: PgTable,
  columns: ForwardingColumns,
): Promise<{ pending: number; givenUp: number }> {
  const [counts] = await db
    .select({
      pending: sql<number>`(count(*) filter (where ${columns.forwardGivenUpAt} is null))::int`,
      givenUp: sql<number>`(count(*) filter (where ${columns.forwardGivenUpAt} is not null))::int`,
    })
    .from(table)
    .where(isNull(columns.forwardedAt));
  return counts ?? { pending: 0, givenUp: 0 };
}

/** A forwarded table as its owning repo describes it to claimDueRows. */
export interface ForwardedTable<Row, Key extends string | number> {
  table: PgTable;
  columns: ForwardingColumns;
  /** The primary key, and how to read it from a row. */
  key: PgColumn;
  keyOf: (row: Row) => Key;
  /** When a row was stored: claims take the oldest first and leave the youngest to the first attempt. */
  storedAt: PgColumn;
}

/**
 * Takes the oldest due rows for this server instance alone: rows another instance has locked are
 * skipped, and the lease written before the commit keeps them from every later claim until it
 * ends. The transaction ends before anything is sent. Each owning repo calls it with its own table.
 */
export function claimDueRows<Row, Key extends string | number>(
  db: Database,
  target: ForwardedTable<Row, Key>,
  claim: ForwardingClaim,
): Promise<Row[]> {
  return db.transaction(async (tx) => {
    const due = (await tx
      .select()
      .from(target.table)
      .where(dueForForwarding(target.columns, target.storedAt, claim))
      .orderBy(target.storedAt)
      .limit(claim.limit)
      .for('update', { skipLocked: true })) as Row[];
    if (due.length > 0) {
      await tx.execute(
        sql`update ${target.table} set ${sql.identifier(target.columns.nextForwardAt.name)} = ${claim.leaseUntil} where ${inArray(target.key, due.map(target.keyOf))}`,
      );
    }
    return due;
  });
}
