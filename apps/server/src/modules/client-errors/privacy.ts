import { asc, eq, getTableName, inArray, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { clientErrorReport } from '../../db/schema';

// A person's reports go with their account (the user key cascades), so there is no eraser here.

/** The errors the person's browser reported while they were signed in (kept 30 days). */
export async function exportUser(db: Database, userId: string) {
  const rows = await db
    .select({
      at: clientErrorReport.at,
      kind: clientErrorReport.kind,
      message: clientErrorReport.message,
      stack: clientErrorReport.stack,
      route: clientErrorReport.route,
      release: clientErrorReport.release,
      userAgent: clientErrorReport.userAgent,
    })
    .from(clientErrorReport)
    .where(eq(clientErrorReport.userId, userId))
    .orderBy(asc(clientErrorReport.at));
  return { [getTableName(clientErrorReport)]: rows };
}

/**
 * Retention (docs/privacy.md): deletes up to `limit` reports made before `cutoff`, skipping rows
 * another instance is deleting, so a run never waits on another. Returns how many went.
 */
export async function purgeReportsBefore(db: Database, cutoff: Date, limit: number): Promise<number> {
  const old = db
    .select({ id: clientErrorReport.id })
    .from(clientErrorReport)
    .where(lt(clientErrorReport.at, cutoff))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .delete(clientErrorReport)
    .where(inArray(clientErrorReport.id, old))
    .returning({ id: clientErrorReport.id });
  return rows.length;
}
