import {
  brand,
  type FeedblockingSettings,
  LEGAL_PATHS,
  localUserDay,
  minutesUntil,
  sessionsLeftToday,
  siteHost,
} from '@stillpoint/core';
import { runningSessionEnds } from '../intercept/sessions';
import { siteAccessPatterns } from '../intercept/site-access';
import type { AuthState, LocalSession, SitesCache, SyncStatus } from '../store';

export interface PopupSite {
  id: string;
  /** The host as a person recognises it: 'www.youtube.com'. */
  host: string;
  usesLeft: number;
  budget: number;
  /** Whole minutes left in a running session, or null. */
  sessionMinutesLeft: number | null;
}

export interface PopupModel {
  signedIn: boolean;
  dashboardUrl: string;
  signInUrl: string;
  /** The web app's privacy policy and terms (a store listing asks for the policy). */
  privacyUrl: string;
  termsUrl: string;
  /** Today's active sites. */
  sites: PopupSite[];
  /** How many of the six feeds are blocked. */
  feedsBlocked: number;
  /** Set when the last sync failed, to say the sites shown may be out of date. */
  staleNote: string | null;
  /** Active sites not intercepted on this browser until access to them is granted here. */
  needsAccess: { id: string; host: string }[];
  /** What "Grant access" asks Chrome for: every site in needsAccess, in one request. */
  accessPatterns: string[];
}

export interface PopupInputs {
  auth: AuthState | null;
  cache: SitesCache | null;
  localSessions: LocalSession[];
  settings: FeedblockingSettings;
  syncStatus: SyncStatus;
  defaultOrigin: string;
  now: number;
  /** Ids of the sites without host access on this browser (decision 045). */
  withoutAccess: ReadonlySet<string>;
}

/** What the popup shows, from what the extension has stored. */
export function popupModel(inputs: PopupInputs): PopupModel {
  const origin = inputs.auth?.origin ?? inputs.defaultOrigin;
  const today = localUserDay(new Date(inputs.now));
  const cachedSites = inputs.auth && inputs.cache ? inputs.cache.sites : [];
  const ends = runningSessionEnds(cachedSites, inputs.localSessions, inputs.now);
  // A list fetched on an earlier day has yesterday's sessions: today every budget is whole again.
  const sameDay = inputs.cache?.userDay === today;
  const sites = cachedSites
    .filter((site) => site.active)
    .map((site): PopupSite => {
      const budget = sameDay ? site.dailyBudget : site.budget;
      const end = ends.get(site.id);
      return {
        id: site.id,
        host: siteHost(site.siteOrigin),
        budget,
        usesLeft: sessionsLeftToday(budget, sameDay ? site.todaysSessions : []),
        // core's rounding ('ends in N mins', rounded up), as on the web app's site cards.
        sessionMinutesLeft: end === undefined ? null : minutesUntil(end, inputs.now),
      };
    });
  const lacking = cachedSites.filter((site) => site.active && inputs.withoutAccess.has(site.id));
  return {
    signedIn: inputs.auth !== null,
    dashboardUrl: `${origin}/`,
    signInUrl: `${origin}/signin`,
    privacyUrl: `${origin}${LEGAL_PATHS.privacy}`,
    termsUrl: `${origin}${LEGAL_PATHS.terms}`,
    sites,
    feedsBlocked: Object.values(inputs.settings).filter(Boolean).length,
    staleNote:
      inputs.auth && inputs.syncStatus.error
        ? `Couldn't reach ${brand.name} just now; showing what the extension last knew.`
        : null,
    needsAccess: lacking.map((site) => ({ id: site.id, host: siteHost(site.siteOrigin) })),
    accessPatterns: siteAccessPatterns(lacking),
  };
}
