import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { idempotencyKey } from '../../db/schema';

/** One key as the server keeps it: per caller and per call. */
export interface KeyId {
  caller: string;
  endpoint: string;
  key: string;
}

export type StoredKey = typeof idempotencyKey.$inferSelect;

const sameKey = (id: KeyId) =>
  and(
    eq(idempotencyKey.caller, id.caller),
    eq(idempotencyKey.endpoint, id.endpoint),
    eq(idempotencyKey.key, id.key),
  );
const olderThan = (seconds: number) =>
  lt(idempotencyKey.createdAt, sql`now() - make_interval(secs => ${seconds})`);

/** The claim: true for the one request whose insert made the row, false for every other. */
export async function insertKey(db: Database, id: KeyId, fingerprint: string): Promise<boolean> {
  const rows = await db
    .insert(idempotencyKey)
    .values({ ...id, fingerprint })
    .onConflictDoNothing()
    .returning({ key: idempotencyKey.key });
  return rows.length > 0;
}

/** The key's row if it was made within the window. */
export async function findKey(db: Database, id: KeyId, windowSeconds: number): Promise<StoredKey | null> {
  const [row] = await db
    .select()
    .from(idempotencyKey)
    .where(
      and(sameKey(id), sql`${idempotencyKey.createdAt} >= now() - make_interval(secs => ${windowSeconds})`),
    );
  return row ?? null;
}

/**
 * Drops the key's row when its window is over, or when it has waited for its answer longer than
 * any request takes (the server that ran it stopped), so the key can be claimed again.
 */
export async function deleteOverKey(
  db: Database,
  id: KeyId,
  { windowSeconds, staleSeconds }: { windowSeconds: number; staleSeconds: number },
): Promise<void> {
  await db
    .delete(idempotencyKey)
    .where(
      and(
        sameKey(id),
        or(olderThan(windowSeconds), and(isNull(idempotencyKey.responseStatus), olderThan(staleSeconds))),
      ),
    );
}

export async function recordAnswer(db: Database, id: KeyId, status: number, body: string): Promise<void> {
  await db
    .update(idempotencyKey)
    .set({ responseStatus: status, responseBody: body })
    .where(and(sameKey(id), isNull(idempotencyKey.responseStatus)));
}

/** Frees a key whose request failed on our side, so a retry runs again. */
export async function deleteUnanswered(db: Database, id: KeyId): Promise<void> {
  await db.delete(idempotencyKey).where(and(sameKey(id), isNull(idempotencyKey.responseStatus)));
}

/**
 * Deletes up to `limit` rows older than the window; rows another instance is deleting are skipped
 * (FOR UPDATE SKIP LOCKED), so instances running this at once never wait on each other.
 */
export async function deleteExpired(db: Database, windowSeconds: number, limit: number): Promise<number> {
  const expired = db
    .select({ caller: idempotencyKey.caller, endpoint: idempotencyKey.endpoint, key: idempotencyKey.key })
    .from(idempotencyKey)
    .where(olderThan(windowSeconds))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .delete(idempotencyKey)
    .where(sql`(${idempotencyKey.caller}, ${idempotencyKey.endpoint}, ${idempotencyKey.key}) in (${expired})`)
    .returning({ key: idempotencyKey.key });
  return rows.length;
}
