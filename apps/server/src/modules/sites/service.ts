import {
  type BrowserSite,
  type BrowserSiteSession,
  type CustomSite,
  duplicateSiteMessage,
  earliestActiveSessionStart,
  isDeleteSiteUpdate,
  isSessionActive,
  isSessionOnDay,
  siteMatchKey,
  type UpdateBrowserCustomSiteBody,
} from '@stillpoint/core';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { AppError, notFound } from '../../errors';
import {
  archiveSite,
  deleteSite,
  findLiveSiteByMatchKey,
  findOwnSite,
  insertSite,
  LIVE_SITE_UNIQUE_INDEX,
  liveSitesAndSessions,
  ownSitesAmong,
  type SessionRow,
  type SiteRow,
  sessionsOfDays,
  updateLiveSite,
} from './repo';

export const siteNotFound = () => notFound('That site');

/** How a site is named in messages: its host, as the person typed it (www. included). */
export const siteLabel = (siteOrigin: string): string => new URL(siteOrigin).host;

export const toBrowserSite = (row: SiteRow): BrowserSite => ({
  id: row.id,
  siteOrigin: row.siteOrigin,
  budget: row.budget,
  active: row.active,
});

export const toSession = (row: SessionRow): BrowserSiteSession => ({
  id: row.id,
  siteId: row.siteId,
  timeStarted: row.timeStarted,
  lengthInMilliseconds: row.lengthInMilliseconds,
  userDay: row.userDay,
});

/**
 * The home page's and the extension's picture of the user's live sites: each with the sessions of
 * the asked-for day (counted against its budget) and those still running now, whatever day they
 * started on (a session begun before midnight keeps the site open after it).
 */
export async function listSitesWithSessions(
  db: Database,
  userId: string,
  userDay: number,
  nowMs: number,
): Promise<CustomSite[]> {
  const rows = await liveSitesAndSessions(db, {
    userId,
    userDay,
    startedAfter: earliestActiveSessionStart(nowMs),
  });
  const sites: CustomSite[] = [];
  // One pass: sites come first, then sessions in the order they started.
  const byId = new Map<string, CustomSite>();
  for (const { site, session } of rows) {
    if (site) {
      const listed: CustomSite = {
        id: site.id,
        siteOrigin: site.siteOrigin,
        budget: site.budget,
        active: site.active,
        // No budget history is kept, so the budget in force that day is the current one.
        dailyBudget: site.budget,
        todaysSessions: [],
        activeSessions: [],
      };
      sites.push(listed);
      byId.set(site.id, listed);
      continue;
    }
    // A session of an archived site has no live site to go with.
    const listed = byId.get(session.siteId);
    if (!listed) continue;
    if (isSessionOnDay(session, userDay)) listed.todaysSessions.push(session);
    if (isSessionActive(session, nowMs)) listed.activeSessions.push(session);
  }
  return sites;
}

const duplicateSite = (siteOrigin: string) => new AppError('CONFLICT', duplicateSiteMessage(siteOrigin));

/**
 * Intercepts a new site. The origin arrives normalised (core's siteOriginSchema); duplicates are
 * judged by core's siteMatchKey, the identity the extension intercepts by too (docs/sites.md):
 * www.youtube.com and youtube.com are one site, localhost:8080 and localhost:9090 two. The unique
 * index settles two adds that race past the check.
 */
export async function addSite(
  db: Database,
  userId: string,
  input: { siteOrigin: string; budget: number },
): Promise<BrowserSite> {
  const key = siteMatchKey(input.siteOrigin);
  const existing = await findLiveSiteByMatchKey(db, userId, key);
  if (existing) throw duplicateSite(existing.siteOrigin);
  try {
    return toBrowserSite(await insertSite(db, { userId, siteMatchKey: key, ...input }));
  } catch (error) {
    if (isUniqueViolation(error, LIVE_SITE_UNIQUE_INDEX)) throw duplicateSite(input.siteOrigin);
    throw error;
  }
}

/** Stops intercepting a site but keeps its history; archiving it again changes nothing. */
export async function archiveOwnSite(
  db: Database,
  userId: string,
  siteId: string,
): Promise<{ siteId: string }> {
  if (!(await archiveSite(db, userId, siteId)) && !(await findOwnSite(db, userId, siteId))) {
    throw siteNotFound();
  }
  return { siteId };
}

/** Edit Site: a new budget and/or the active switch; siteId alone is Delete Site. */
export async function updateSite(
  db: Database,
  userId: string,
  body: UpdateBrowserCustomSiteBody,
): Promise<{ deleted: boolean; site: BrowserSite | null }> {
  if (isDeleteSiteUpdate(body)) {
    if (!(await deleteSite(db, userId, body.siteId))) throw siteNotFound();
    return { deleted: true, site: null };
  }
  const changes = {
    ...(body.budget !== undefined ? { budget: body.budget } : {}),
    ...(body.active !== undefined ? { active: body.active } : {}),
  };
  const updated = await updateLiveSite(db, userId, body.siteId, changes);
  if (!updated) throw siteNotFound();
  return { deleted: false, site: toBrowserSite(updated) };
}

/** A site as other areas see it, archived or not (a pause or a session outlives archiving). */
export interface OwnedSite extends BrowserSite {
  archived: boolean;
}

/**
 * Those of `siteIds` that belong to the user, archived ones included; ids of other people's sites
 * or of none are simply absent, so the caller can tell which are not the user's.
 */
export async function ownSitesById(
  db: Database,
  userId: string,
  siteIds: readonly string[],
): Promise<OwnedSite[]> {
  const rows = await ownSitesAmong(db, userId, [...new Set(siteIds)]);
  return rows.map((row) => ({ ...toBrowserSite(row), archived: row.archivedAt !== null }));
}

/** The user's sessions started on the userDays `fromDay` to `toDay` (both included), on any site. */
export async function sessionsInDayRange(
  db: Database,
  userId: string,
  fromDay: number,
  toDay: number,
): Promise<BrowserSiteSession[]> {
  return (await sessionsOfDays(db, userId, fromDay, toDay)).map(toSession);
}
