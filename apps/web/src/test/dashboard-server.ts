import {
  type BrowserSiteSession,
  type CustomSite,
  DEFAULT_FEEDBLOCKING_SETTINGS,
  duplicateSiteMessage,
  type FeedblockingSettings,
  type HdyhOption,
  invalidInputMessage,
  isSameSite,
  normaliseSiteOrigin,
  type OnboardingAnswers,
  type Profile,
  type SubscriptionState,
} from '@stillpoint/core';
import { type FakeResponse, installFakeServer } from './fake-server';

const ok = (data: unknown): FakeResponse => ({ body: { success: true, data } });
const failure = (status: number, code: string, error: string): FakeResponse => ({
  status,
  body: { success: false, code, error },
});

let nextId = 1;
/** Deterministic UUIDs, so failures read the same on every run. */
const uuid = () => `00000000-0000-4000-8000-${String(nextId++).padStart(12, '0')}`;

/** A site as the server lists it, with today's and the still-running sessions. */
export function makeSite(overrides: Partial<CustomSite> & { siteOrigin: string }): CustomSite {
  const budget = overrides.budget ?? 3;
  return {
    id: uuid(),
    budget,
    dailyBudget: budget,
    active: true,
    todaysSessions: [],
    activeSessions: [],
    ...overrides,
  };
}

/** A session that started `startedMsAgo` before `nowMs` and lasts `minutes`. */
export function makeSession(
  siteId: string,
  { nowMs, startedMsAgo, minutes }: { nowMs: number; startedMsAgo: number; minutes: number },
): BrowserSiteSession {
  return {
    id: uuid(),
    siteId,
    timeStarted: Math.floor((nowMs - startedMsAgo) / 1000),
    lengthInMilliseconds: minutes * 60_000,
    userDay: 20_000,
  };
}

interface DashboardServerOptions {
  profile?: Partial<Profile>;
  sites?: CustomSite[];
  /** null: feedblocking not set up yet (the page offers Finish setup). */
  settings?: FeedblockingSettings | null;
  /** Saved onboarding answers; none by default. */
  answers?: Partial<OnboardingAnswers>;
  /** The person's plan; none by default. */
  subscription?: SubscriptionState | null;
  trialUsed?: boolean;
  /** Signed in already (the default), or about to sign in on /signin. */
  signedIn?: boolean;
}

/** A short HDYH list like the server's: one option with a drilldown. */
export const FAKE_HDYH_OPTIONS: HdyhOption[] = [
  { name: 'from a friend' },
  {
    name: 'youtube',
    drilldownPrompt: 'Which kind of video?',
    drilldown: ['a creator I follow', 'an ad'],
  },
  { name: 'other' },
];

/**
 * The fake server with a (by default signed-in) person and the calls of home and onboarding, keeping sites and settings
 * as the real server would, so a test can change them and see the page follow.
 */
export function installDashboardServer({
  profile,
  sites = [],
  settings,
  answers,
  subscription,
  trialUsed,
  signedIn = true,
}: DashboardServerOptions = {}) {
  const server = installFakeServer({ signedIn, subscription, trialUsed });
  const state = {
    profile: { displayName: null, streakData: { streakStarted: null }, mobileScreenTimeToday: 0, ...profile },
    sites: [...sites],
    settings: settings === undefined ? { ...DEFAULT_FEEDBLOCKING_SETTINGS } : settings,
    answers: { hdyh: null, hdyhDetail: null, onboardingIntention: null, onboardingOutcome: null, ...answers },
  };

  server.route('GET /api/getProfileWeb', () => ok(state.profile));
  server.route('GET /api/getBrowserSitesWithActiveAndTodaysSessions', () => ok(state.sites));
  server.route('GET /api/getBrowserSiteSettings', () => ok(state.settings));
  server.route('POST /api/updateBrowserSiteSettings', ({ body }) => {
    state.settings = { ...(state.settings ?? DEFAULT_FEEDBLOCKING_SETTINGS), ...(body as object) };
    return ok(state.settings);
  });
  server.route('POST /api/addBrowserSite', ({ body }) => {
    const { siteOrigin, budget } = body as { siteOrigin: string; budget: number };
    const origin = normaliseSiteOrigin(siteOrigin);
    // The server's words for it (core's field message), as the server frames a refusal.
    if (!origin)
      return failure(
        400,
        'BAD_REQUEST',
        invalidInputMessage('body', 'siteOrigin: Enter a site like youtube.com or https://www.youtube.com'),
      );
    // The server's rule: one site however typed (www., case, path), a typed port counts (docs/sites.md).
    if (state.sites.some((site) => isSameSite(site.siteOrigin, origin))) {
      return failure(409, 'CONFLICT', duplicateSiteMessage(origin));
    }
    const site = makeSite({ siteOrigin: origin, budget });
    state.sites.push(site);
    const { id, active } = site;
    return ok({ id, siteOrigin: origin, budget, active });
  });
  server.route('POST /api/updateBrowserCustomSite', ({ body }) => {
    const { siteId, budget, active } = body as { siteId: string; budget?: number; active?: boolean };
    const site = state.sites.find((candidate) => candidate.id === siteId);
    if (!site) return failure(404, 'NOT_FOUND', 'No such site.');
    if (budget === undefined && active === undefined) {
      state.sites = state.sites.filter((candidate) => candidate !== site);
      return ok({ deleted: true, site: null });
    }
    if (budget !== undefined) Object.assign(site, { budget, dailyBudget: budget });
    if (active !== undefined) site.active = active;
    return ok({
      deleted: false,
      site: { id: site.id, siteOrigin: site.siteOrigin, budget: site.budget, active: site.active },
    });
  });
  server.route('GET /api/getOnboardingAnswers', () => ok(state.answers));
  server.route('POST /api/updateOnboardingAnswers', ({ body }) => {
    state.answers = { ...state.answers, ...(body as object) };
    return ok(state.answers);
  });
  server.route('GET /api/getNewOnboardingHDYHOptions', () => ok({ options: FAKE_HDYH_OPTIONS }));
  server.route('GET /api/createCustomFirebaseToken', () => ok({ token: 'one-time-token' }));
  server.route('POST /api/sendFeedback', () => ok({ ok: true }));
  server.route('POST /api/trackAnalyticsEvent', () => ok({ ok: true }));
  // The server's rule: sites the person has keep their budget; switches only when none are saved.
  server.route('POST /api/importLegacyExtensionData', ({ body }) => {
    const { customSites, feedblockingSites } = body as {
      customSites: { siteOrigin: string; budget: number }[];
      feedblockingSites: Partial<FeedblockingSettings>;
    };
    let sitesAdded = 0;
    let sitesKept = 0;
    for (const { siteOrigin, budget } of customSites) {
      const origin = normaliseSiteOrigin(siteOrigin);
      if (!origin) continue;
      if (state.sites.some((site) => isSameSite(site.siteOrigin, origin))) {
        sitesKept += 1;
        continue;
      }
      state.sites.push(makeSite({ siteOrigin: origin, budget }));
      sitesAdded += 1;
    }
    const feedSettingsApplied = state.settings === null && Object.keys(feedblockingSites).length > 0;
    if (feedSettingsApplied) state.settings = { ...DEFAULT_FEEDBLOCKING_SETTINGS, ...feedblockingSites };
    return ok({ sitesAdded, sitesKept, feedSettingsApplied });
  });

  return {
    ...server,
    state,
    /** The analytics events sent so far, by name. */
    tracked(): string[] {
      return server
        .calls('POST /api/trackAnalyticsEvent')
        .map((request) => (request.body as { name: string }).name);
    },
  };
}
