import { and, asc, between, count, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { browserSite, browserSiteSession } from '../../db/schema';

export type SiteRow = typeof browserSite.$inferSelect;
export type SessionRow = typeof browserSiteSession.$inferSelect;

/** The unique index that keeps one live site per match key and user (see db/schema/sites.ts). */
export const LIVE_SITE_UNIQUE_INDEX = 'browser_site_user_match_key_live_uidx';

const ownSite = (userId: string, siteId: string) =>
  and(eq(browserSite.id, siteId), eq(browserSite.userId, userId));

const liveSitesQuery = preparedPerDatabase((db) =>
  db
    .select()
    .from(browserSite)
    .where(and(eq(browserSite.userId, sql.placeholder('userId')), isNull(browserSite.archivedAt)))
    .orderBy(asc(browserSite.createdAt), asc(browserSite.id))
    .prepare('live_sites'),
);

export const liveSites = (db: Database, userId: string): Promise<SiteRow[]> =>
  liveSitesQuery(db).execute({ userId });

/** The user's sessions of `userDay`, and every session started after `startedAfter` (epoch s), any day. */
const sessionsOfDayOrSinceQuery = preparedPerDatabase((db) =>
  db
    .select()
    .from(browserSiteSession)
    .where(
      and(
        eq(browserSiteSession.userId, sql.placeholder('userId')),
        or(
          eq(browserSiteSession.userDay, sql.placeholder('userDay')),
          gt(browserSiteSession.timeStarted, sql.placeholder('startedAfter')),
        ),
      ),
    )
    .orderBy(asc(browserSiteSession.timeStarted), asc(browserSiteSession.createdAt))
    .prepare('sessions_of_day_or_since'),
);

export const sessionsOfDayOrSince = (
  db: Database,
  userId: string,
  userDay: number,
  startedAfter: number,
): Promise<SessionRow[]> => sessionsOfDayOrSinceQuery(db).execute({ userId, userDay, startedAfter });

export async function findLiveSiteByMatchKey(
  db: Database,
  userId: string,
  siteMatchKey: string,
): Promise<SiteRow | null> {
  const [row] = await db
    .select()
    .from(browserSite)
    .where(
      and(
        eq(browserSite.userId, userId),
        eq(browserSite.siteMatchKey, siteMatchKey),
        isNull(browserSite.archivedAt),
      ),
    );
  return row ?? null;
}

export async function insertSite(
  db: Database,
  values: { userId: string; siteOrigin: string; siteMatchKey: string; budget: number },
): Promise<SiteRow> {
  const [row] = await db.insert(browserSite).values(values).returning();
  if (!row) throw new Error('insert into browser_site returned no row');
  return row;
}

export async function findOwnSite(db: Database, userId: string, siteId: string): Promise<SiteRow | null> {
  const [row] = await db.select().from(browserSite).where(ownSite(userId, siteId));
  return row ?? null;
}

/** Locks the user's site row until the transaction ends, so budget checks on it take turns. */
export async function lockOwnSite(tx: Database, userId: string, siteId: string): Promise<SiteRow | null> {
  const [row] = await tx.select().from(browserSite).where(ownSite(userId, siteId)).for('update');
  return row ?? null;
}

export async function archiveSite(db: Database, userId: string, siteId: string): Promise<boolean> {
  const rows = await db
    .update(browserSite)
    .set({ archivedAt: new Date() })
    .where(and(ownSite(userId, siteId), isNull(browserSite.archivedAt)))
    .returning({ id: browserSite.id });
  return rows.length > 0;
}

export async function updateLiveSite(
  db: Database,
  userId: string,
  siteId: string,
  changes: { budget?: number; active?: boolean },
): Promise<SiteRow | null> {
  const [row] = await db
    .update(browserSite)
    .set(changes)
    .where(and(ownSite(userId, siteId), isNull(browserSite.archivedAt)))
    .returning();
  return row ?? null;
}

/** Deletes the site and (by cascade) its sessions; false when the user has no such site. */
export async function deleteSite(db: Database, userId: string, siteId: string): Promise<boolean> {
  const rows = await db.delete(browserSite).where(ownSite(userId, siteId)).returning({ id: browserSite.id });
  return rows.length > 0;
}

export async function findSession(db: Database, sessionId: string): Promise<SessionRow | null> {
  const [row] = await db.select().from(browserSiteSession).where(eq(browserSiteSession.id, sessionId));
  return row ?? null;
}

export async function countSessionsOnDay(db: Database, siteId: string, userDay: number): Promise<number> {
  const [row] = await db
    .select({ used: count() })
    .from(browserSiteSession)
    .where(and(eq(browserSiteSession.siteId, siteId), eq(browserSiteSession.userDay, userDay)));
  return row?.used ?? 0;
}

/** Inserts the session unless its id exists already (a retry); null in that case. */
export async function insertSession(
  db: Database,
  values: Omit<SessionRow, 'createdAt'>,
): Promise<SessionRow | null> {
  const [row] = await db.insert(browserSiteSession).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** Those of `siteIds` that are the user's, archived ones included (their history stays theirs). */
export const ownSitesAmong = (
  db: Database,
  userId: string,
  siteIds: readonly string[],
): Promise<SiteRow[]> =>
  siteIds.length === 0
    ? Promise.resolve([])
    : db
        .select()
        .from(browserSite)
        .where(and(eq(browserSite.userId, userId), inArray(browserSite.id, [...siteIds])));

/** The user's sessions of the userDays `fromDay` to `toDay`, both included, on any of their sites. */
export const sessionsOfDays = (
  db: Database,
  userId: string,
  fromDay: number,
  toDay: number,
): Promise<SessionRow[]> =>
  db
    .select()
    .from(browserSiteSession)
    .where(and(eq(browserSiteSession.userId, userId), between(browserSiteSession.userDay, fromDay, toDay)))
    .orderBy(asc(browserSiteSession.timeStarted), asc(browserSiteSession.id));
