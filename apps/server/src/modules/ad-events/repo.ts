import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { adEvent } from '../../db/schema';

export type AdEventRow = typeof adEvent.$inferSelect;

/**
 * Stores an event once per eventId: the row when this call added it, null when that eventId was
 * there already. ON CONFLICT DO NOTHING makes concurrent copies of one event one row, no error.
 */
export async function insertAdEvent(
  db: Database,
  values: Pick<AdEventRow, 'eventId' | 'event' | 'properties' | 'eventTime' | 'pixelCode' | 'userId'>,
): Promise<AdEventRow | null> {
  const [row] = await db.insert(adEvent).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function markForwarded(db: Database, eventId: string): Promise<void> {
  await db.update(adEvent).set({ forwardedAt: new Date() }).where(eq(adEvent.eventId, eventId));
}
