import type { BrowserSite, BrowserSiteSession } from '@stillpoint/core';
import { and, asc, between, count, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsStatement } from '../../db/rows';
import { browserSite, browserSiteSession } from '../../db/schema';

export type SiteRow = typeof browserSite.$inferSelect;
export type SessionRow = typeof browserSiteSession.$inferSelect;

/** The unique index that keeps one live site per match key and user (see db/schema/sites.ts). */
export const LIVE_SITE_UNIQUE_INDEX = 'browser_site_user_match_key_live_uidx';

const ownSite = (userId: string, siteId: string) =>
  and(eq(browserSite.id, siteId), eq(browserSite.userId, userId));

/**
 * A column one branch of a union lacks: NULL, named and typed as the other branch's column (`T` is
 * that column's type, so the two selections have the same shape).
 */
const absent = <T>(type: 'uuid' | 'text' | 'integer' | 'bigint' | 'boolean', name: string) =>
  sql<T>`null::${sql.raw(type)}`.as(name);

/** A row of the sites list: a live site, or one of the user's sessions that the list shows. */
export type SiteOrSession =
  | { site: BrowserSite; session?: never }
  | { session: BrowserSiteSession; site?: never };

/**
 * The user's live sites, oldest first, then their sessions of `userDay` and those started after
 * `startedAfter` (epoch s), any day, in the order they started; sessions of archived sites come
 * too and are the caller's to leave out. One query for the API's hottest call (decision 036): on
 * PGlite every query costs a few hundred microseconds of its own. Two reads put one after the
 * other, not a join: each keeps its own index, whatever the planner believes of the table sizes (a
 * join planned on stale statistics looped over every session once per site).
 */
export const liveSitesAndSessions = rowsStatement<
  { userId: string; userDay: number; startedAfter: number },
  SiteOrSession
>(
  'live_sites_and_sessions',
  (db) =>
    db
      .select({
        isSession: sql<boolean>`false`.as('is_session'),
        id: browserSite.id,
        siteOrigin: browserSite.siteOrigin,
        budget: browserSite.budget,
        active: browserSite.active,
        siteId: absent<string | null>('uuid', 'site_id'),
        timeStarted: absent<number | null>('bigint', 'time_started'),
        lengthInMilliseconds: absent<number | null>('integer', 'length_in_milliseconds'),
        userDay: absent<number | null>('integer', 'user_day'),
        // For the order only, as a number: parsing a timestamp into a Date costs more than the row.
        created: sql<string>`extract(epoch from ${browserSite.createdAt})`.as('created'),
      })
      .from(browserSite)
      .where(and(eq(browserSite.userId, sql.placeholder('userId')), isNull(browserSite.archivedAt)))
      .unionAll(
        db
          .select({
            isSession: sql<boolean>`true`.as('is_session'),
            id: browserSiteSession.id,
            siteOrigin: absent<string>('text', 'site_origin'),
            budget: absent<number>('integer', 'budget'),
            active: absent<boolean>('boolean', 'active'),
            siteId: sql<string | null>`${browserSiteSession.siteId}`.as('site_id'),
            timeStarted: sql<number | null>`${browserSiteSession.timeStarted}`.as('time_started'),
            lengthInMilliseconds: sql<number | null>`${browserSiteSession.lengthInMilliseconds}`.as(
              'length_in_milliseconds',
            ),
            userDay: sql<number | null>`${browserSiteSession.userDay}`.as('user_day'),
            created: sql<string>`extract(epoch from ${browserSiteSession.createdAt})`.as('created'),
          })
          .from(browserSiteSession)
          .where(
            and(
              eq(browserSiteSession.userId, sql.placeholder('userId')),
              or(
                eq(browserSiteSession.userDay, sql.placeholder('userDay')),
                gt(browserSiteSession.timeStarted, sql.placeholder('startedAfter')),
              ),
            ),
          ),
      )
      // Sites first (no start: by creation, then id), then sessions by start, then creation.
      .orderBy(sql`is_session, time_started nulls first, created, id`),
  ([isSession, id, siteOrigin, budget, active, siteId, timeStarted, lengthInMilliseconds, userDay]) =>
    isSession
      ? {
          session: {
            id: id as string,
            siteId: siteId as string,
            // A bigint: a string from node-postgres, a number from PGlite.
            timeStarted: Number(timeStarted),
            lengthInMilliseconds: lengthInMilliseconds as number,
            userDay: userDay as number,
          },
        }
      : {
          site: {
            id: id as string,
            siteOrigin: siteOrigin as string,
            budget: budget as number,
            active: active as boolean,
          },
        },
);

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
