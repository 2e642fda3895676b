import type { BrowserSiteSession, CustomSite, InterceptOutcomeReport } from '@stillpoint/core';

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

/** A pause outcome as the breathe page reports it: a new pause, "nevermind" unless told. */
export function interceptOutcome(overrides: Partial<InterceptOutcomeReport> = {}): InterceptOutcomeReport {
  return {
    interceptId: uuid(),
    siteId: uuid(),
    outcome: 'nevermind',
    occurredAt: Date.UTC(2026, 0, 15, 11),
    userDay: 20_468,
    ...overrides,
  };
}
