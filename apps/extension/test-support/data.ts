import type { BrowserSiteSession, CustomSite } from '@stillpoint/core';

let counter = 0;
/** A UUID-shaped id, distinct per call, readable in failures. */
export const uuid = (n = ++counter) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A custom site as the server answers getBrowserSitesWithActiveAndTodaysSessions. */
export function site(siteOrigin: string, overrides: Partial<CustomSite> = {}): CustomSite {
  return {
    id: uuid(),
    siteOrigin,
    budget: 3,
    active: true,
    dailyBudget: 3,
    todaysSessions: [],
    activeSessions: [],
    ...overrides,
  };
}

/** A server session that started `startedMsAgo` before `now` and lasts `lengthMs`. */
export function serverSession(
  siteId: string,
  now: number,
  { startedMsAgo = 0, lengthMs = 300_000 } = {},
): BrowserSiteSession {
  return {
    id: uuid(),
    siteId,
    timeStarted: Math.floor((now - startedMsAgo) / 1000),
    lengthInMilliseconds: lengthMs,
    userDay: 20_000,
  };
}
