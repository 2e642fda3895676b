import type { Database } from '../../db/client';
import { analyticsEvent } from '../../db/schema';

export type AnalyticsEventRow = typeof analyticsEvent.$inferSelect;

export async function insertEvent(
  db: Database,
  values: Pick<AnalyticsEventRow, 'userId' | 'name' | 'properties' | 'occurredAt'>,
): Promise<AnalyticsEventRow> {
  const [row] = await db.insert(analyticsEvent).values(values).returning();
  if (!row) throw new Error('insert into analytics_event returned no row');
  return row;
}
