import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { analyticsEvent } from '../../db/schema';
import type { ForwardResult } from '../../forwarding/backoff';
import {
  claimDueRows,
  countForwardingBacklog,
  type ForwardingClaim,
  forwardResultValues,
} from '../../forwarding/columns';
import type { ForwardingBacklog } from '../../forwarding/retry';

export type AnalyticsEventRow = typeof analyticsEvent.$inferSelect;

export async function insertEvent(
  db: Database,
  values: Pick<AnalyticsEventRow, 'userId' | 'name' | 'properties' | 'occurredAt'>,
): Promise<AnalyticsEventRow> {
  const [row] = await db.insert(analyticsEvent).values(values).returning();
  if (!row) throw new Error('insert into analytics_event returned no row');
  return row;
}

/** Due rows for this instance alone, leased before anything is sent (forwarding/columns.ts). */
export function claimDueEvents(db: Database, claim: ForwardingClaim): Promise<AnalyticsEventRow[]> {
  return claimDueRows(
    db,
    {
      table: analyticsEvent,
      columns: analyticsEvent,
      key: analyticsEvent.id,
      keyOf: (row: AnalyticsEventRow) => row.id,
      storedAt: analyticsEvent.receivedAt,
    },
    claim,
  );
}

export async function recordEventForward(db: Database, id: number, result: ForwardResult): Promise<void> {
  await db.update(analyticsEvent).set(forwardResultValues(result)).where(eq(analyticsEvent.id, id));
}

export const eventForwardingBacklog = (db: Database): Promise<ForwardingBacklog> =>
  countForwardingBacklog(db, analyticsEvent, analyticsEvent);
