import { asc, eq, getTableName } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { browserSite, browserSiteSession } from '../../db/schema';

// Account deletion and export (docs/privacy.md): a person's sites and their sessions go with the
// user row (the foreign keys cascade), so only the export needs this module.

/** The person's sites, archived ones included, and every session started on them. */
export async function exportUser(db: Database, userId: string) {
  const [sites, sessions] = await Promise.all([
    db.select().from(browserSite).where(eq(browserSite.userId, userId)).orderBy(asc(browserSite.createdAt)),
    db
      .select()
      .from(browserSiteSession)
      .where(eq(browserSiteSession.userId, userId))
      .orderBy(asc(browserSiteSession.timeStarted)),
  ]);
  return { [getTableName(browserSite)]: sites, [getTableName(browserSiteSession)]: sessions };
}
