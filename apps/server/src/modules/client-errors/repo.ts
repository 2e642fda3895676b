import { desc, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { clientErrorReport } from '../../db/schema';

export type ClientErrorRow = typeof clientErrorReport.$inferSelect;
export type NewClientError = Omit<typeof clientErrorReport.$inferInsert, 'id' | 'at'>;

export async function insertReport(db: Database, values: NewClientError): Promise<void> {
  await db.insert(clientErrorReport).values(values);
}

/** Up to `limit` reports, newest first, older than the report `beforeId` when given. */
export function listReports(
  db: Database,
  { beforeId, limit }: { beforeId: number | null; limit: number },
): Promise<ClientErrorRow[]> {
  return db
    .select()
    .from(clientErrorReport)
    .where(beforeId === null ? undefined : lt(clientErrorReport.id, beforeId))
    .orderBy(desc(clientErrorReport.id))
    .limit(limit);
}
