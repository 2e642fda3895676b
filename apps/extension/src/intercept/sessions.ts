import {
  type CustomSite,
  isSessionActive,
  latestRunningSession,
  type SessionTiming,
  sessionEndsAtMs,
} from '@stillpoint/core';
import type { LocalSession } from '../store';

/**
 * When each site's running session ends (epoch ms), from the sessions the web app told the
 * extension about (START_SESSION) and the active sessions the server reports. A session runs
 * until timeStarted * 1000 + lengthInMilliseconds; with several, the one that ends last counts
 * (core's latestRunningSession, the same rule the web app's site cards use).
 */
export function runningSessionEnds(
  sites: readonly Pick<CustomSite, 'id' | 'activeSessions'>[],
  localSessions: readonly LocalSession[],
  nowMs: number,
): Map<string, number> {
  const sessionsBySite = new Map<string, SessionTiming[]>();
  const add = (siteId: string, session: SessionTiming) => {
    const known = sessionsBySite.get(siteId);
    if (known) known.push(session);
    else sessionsBySite.set(siteId, [session]);
  };
  for (const site of sites) for (const session of site.activeSessions) add(site.id, session);
  for (const session of localSessions) add(session.siteId, session);
  const ends = new Map<string, number>();
  for (const [siteId, sessions] of sessionsBySite) {
    const latest = latestRunningSession(sessions, nowMs);
    if (latest) ends.set(siteId, sessionEndsAtMs(latest));
  }
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
