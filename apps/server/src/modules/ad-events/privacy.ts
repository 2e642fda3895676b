import { asc, eq, getTableName, inArray, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { adEvent } from '../../db/schema';

/**
 * Account deletion (docs/privacy.md): the person's ad events stay for the counts, without the link
 * to them; the retention job purges them with everyone's once they are old enough.
 */
export async function eraseUser(tx: Database, userId: string): Promise<void> {
  await tx.update(adEvent).set({ userId: null }).where(eq(adEvent.userId, userId));
}

/** The funnel events recorded for the ad platform while the person was signed in. */
export async function exportUser(db: Database, userId: string) {
  const rows = await db
    .select({
      eventId: adEvent.eventId,
      event: adEvent.event,
      properties: adEvent.properties,
      eventTime: adEvent.eventTime,
      createdAt: adEvent.createdAt,
      forwardedAt: adEvent.forwardedAt,
    })
    .from(adEvent)
    .where(eq(adEvent.userId, userId))
    .orderBy(asc(adEvent.eventTime));
  return { [getTableName(adEvent)]: rows };
}

/**
 * Retention (docs/privacy.md): deletes up to `limit` ad events stored before `cutoff`, skipping rows
 * another instance is deleting (FOR UPDATE SKIP LOCKED). Returns how many went.
 */
export async function purgeEventsBefore(db: Database, cutoff: Date, limit: number): Promise<number> {
  const old = db
    .select({ eventId: adEvent.eventId })
    .from(adEvent)
    .where(lt(adEvent.createdAt, cutoff))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .delete(adEvent)
    .where(inArray(adEvent.eventId, old))
    .returning({ eventId: adEvent.eventId });
  return rows.length;
}
