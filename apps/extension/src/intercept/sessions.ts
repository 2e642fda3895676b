import { type CustomSite, isSessionActive, type SessionTiming, sessionEndsAtMs } from '@stillpoint/core';
import type { LocalSession } from '../store';

/**
 * When each site's running session ends (epoch ms), from the sessions the web app told the
 * extension about (START_SESSION) and the active sessions the server reports. A session runs
 * until timeStarted * 1000 + lengthInMilliseconds (core's rule); with several, the latest end wins.
 */
export function runningSessionEnds(
  sites: readonly Pick<CustomSite, 'id' | 'activeSessions'>[],
  localSessions: readonly LocalSession[],
  nowMs: number,
): Map<string, number> {
  const ends = new Map<string, number>();
  const consider = (siteId: string, session: SessionTiming) => {
    if (!isSessionActive(session, nowMs)) return;
    const end = sessionEndsAtMs(session);
    if (end > (ends.get(siteId) ?? Number.NEGATIVE_INFINITY)) ends.set(siteId, end);
  };
  for (const site of sites) for (const session of site.activeSessions) consider(site.id, session);
  for (const session of localSessions) consider(session.siteId, session);
  return ends;
}

/** Local sessions that are still running; ended ones need not be kept. */
export const withoutEndedSessions = (sessions: readonly LocalSession[], nowMs: number): LocalSession[] =>
  sessions.filter((session) => isSessionActive(session, nowMs));

/** The soonest end among running sessions, or null when none runs. */
export function nextSessionEnd(ends: ReadonlyMap<string, number>): number | null {
  let next: number | null = null;
  for (const end of ends.values()) if (next === null || end < next) next = end;
  return next;
}

/** Adds or replaces (by sessionId) a session from START_SESSION. */
export function addLocalSession(sessions: readonly LocalSession[], session: LocalSession): LocalSession[] {
  return [...sessions.filter((existing) => existing.sessionId !== session.sessionId), session];
}
