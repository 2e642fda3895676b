import { asc, eq, getTableName, inArray, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { analyticsEvent } from '../../db/schema';

/**
 * Account deletion (docs/privacy.md): the person's events stay for the counts, without the link to
 * them; the retention job purges them with everyone's once they are old enough.
 */
export async function eraseUser(tx: Database, userId: string): Promise<void> {
  await tx.update(analyticsEvent).set({ userId: null }).where(eq(analyticsEvent.userId, userId));
}

/** The events recorded while the person was signed in. */
export async function exportUser(db: Database, userId: string) {
  const rows = await db
    .select({
      name: analyticsEvent.name,
      properties: analyticsEvent.properties,
      occurredAt: analyticsEvent.occurredAt,
      receivedAt: analyticsEvent.receivedAt,
      forwardedAt: analyticsEvent.forwardedAt,
    })
    .from(analyticsEvent)
    .where(eq(analyticsEvent.userId, userId))
    .orderBy(asc(analyticsEvent.occurredAt));
  return { [getTableName(analyticsEvent)]: rows };
}

/**
 * Retention (docs/privacy.md): deletes up to `limit` events received before `cutoff`, skipping rows
 * another instance is deleting (FOR UPDATE SKIP LOCKED), so a run never waits on another. Returns
 * how many went.
 */
export async function purgeEventsBefore(db: Database, cutoff: Date, limit: number): Promise<number> {
  const old = db
    .select({ id: analyticsEvent.id })
    .from(analyticsEvent)
    .where(lt(analyticsEvent.receivedAt, cutoff))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .delete(analyticsEvent)
    .where(inArray(analyticsEvent.id, old))
    .returning({ id: analyticsEvent.id });
  return rows.length;
}
