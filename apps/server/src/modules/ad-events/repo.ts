import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { adEvent } from '../../db/schema';
import type { ForwardResult } from '../../forwarding/backoff';
import {
  claimDueRows,
  countForwardingBacklog,
  type ForwardingClaim,
  forwardResultValues,
} from '../../forwarding/columns';
import type { ForwardingBacklog } from '../../forwarding/retry';

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

/** Due rows for this instance alone, leased before anything is sent (forwarding/columns.ts). */
export function claimDueAdEvents(db: Database, claim: ForwardingClaim): Promise<AdEventRow[]> {
  return claimDueRows(
    db,
    {
      table: adEvent,
      columns: adEvent,
      key: adEvent.eventId,
      keyOf: (row: AdEventRow) => row.eventId,
      storedAt: adEvent.createdAt,
    },
    claim,
  );
}

export async function recordAdEventForward(
  db: Database,
  eventId: string,
  result: ForwardResult,
): Promise<void> {
  await db.update(adEvent).set(forwardResultValues(result)).where(eq(adEvent.eventId, eventId));
}

export const adEventForwardingBacklog = (db: Database): Promise<ForwardingBacklog> =>
  countForwardingBacklog(db, adEvent, adEvent);
