import { createHash } from 'node:crypto';
import {
  type CustomSite,
  DAY_MS,
  type EndpointName,
  type EndpointResponse,
  endpoints,
  epochSeconds,
  type ReportMobileUsageBody,
  siteMatchKey,
  userDay,
} from '@stillpoint/core';
import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../auth/session';
import type { Database } from '../db/client';
import { setDisplayName } from '../modules/profile/service';

/** The demo person signs in like anyone with the development test number. */
export const DEMO_PHONE_NUMBER = '+15555550100';
export const DEMO_CODE = '123456';
export const DEMO_DISPLAY_NAME = 'Jordan';

const MINUTE_MS = 60_000;

interface DemoSession {
  /** Minutes before now that it started. */
  startedMinutesAgo: number;
  lengthMinutes: number;
}

/** Three sites: one with a session running now, one whose budget is used up, one switched off. */
const DEMO_SITES: { siteOrigin: string; budget: number; active: boolean; sessions: DemoSession[] }[] = [
  {
    siteOrigin: 'https://www.youtube.com',
    budget: 3,
    active: true,
    sessions: [
      { startedMinutesAgo: 150, lengthMinutes: 20 },
      { startedMinutesAgo: 4, lengthMinutes: 10 },
    ],
  },
  {
    siteOrigin: 'https://www.reddit.com',
    budget: 2,
    active: true,
    sessions: [
      { startedMinutesAgo: 95, lengthMinutes: 5 },
      { startedMinutesAgo: 35, lengthMinutes: 5 },
    ],
  },
  { siteOrigin: 'https://news.ycombinator.com', budget: 1, active: false, sessions: [] },
];

/** Six phone apps; Instagram is opened more often than its budget allows. */
const DEMO_APPS = [
  { supportedAppId: 'instagram', budget: 10, domains: ['instagram.com'], opens: 14, minutes: 96 },
  { supportedAppId: 'tiktok', budget: 8, domains: ['tiktok.com'], opens: 6, minutes: 41 },
  { supportedAppId: 'youtube', budget: 6, domains: ['youtube.com', 'm.youtube.com'], opens: 5, minutes: 58 },
  { supportedAppId: 'whatsapp', budget: 30, domains: ['web.whatsapp.com'], opens: 22, minutes: 25 },
  { supportedAppId: 'reddit', budget: 5, domains: ['reddit.com', 'old.reddit.com'], opens: 3, minutes: 12 },
  { supportedAppId: 'netflix', budget: 2, domains: ['netflix.com'], opens: 1, minutes: 45 },
];

const DEMO_SETTINGS = {
  facebookFeedblocking: true,
  youtubeFeedblocking: true,
  twitterFeedblocking: false,
  linkedinFeedblocking: true,
  instagramFeedblocking: true,
  redditFeedblocking: false,
};

export interface DemoSummary {
  uid: string;
  userDay: number;
  sites: number;
  apps: number;
}

/** A stable session id per day and slot, so a second run the same day cannot double anything. */
function demoSessionId(day: number, site: string, slot: number): string {
  const hex = createHash('sha256').update(`stillpoint-demo:${day}:${site}:${slot}`).digest('hex');
  // RFC 9562 layout, version 8 (an application-defined id).
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Monday-based weeks: day 0 (1970-01-01) was a Thursday, so Mondays are days ≡ 4 (mod 7). */
const weekStartOf = (day: number) => day - ((((day - 4) % 7) + 7) % 7);

/**
 * Creates or refreshes the demo person through the API itself: Better Auth signs the test number
 * in (creating the user exactly as a phone sign-in does), and every piece of data goes through the
 * same calls the web app and the phone app make, so the service rules apply. Running it again
 * resets the demo sites, settings and phone data to the values above, for today.
 */
export async function seedDemo(
  app: FastifyInstance,
  db: Database,
  options: { now?: Date; timezoneOffsetMinutes?: number } = {},
): Promise<DemoSummary> {
  const now = options.now ?? new Date();
  // The browser on this machine computes its day in the same zone, so "today" matches.
  const timezoneOffsetMinutes = options.timezoneOffsetMinutes ?? now.getTimezoneOffset();
  const token = await signIn(app);
  const call = apiCaller(app, token);
  const { user } = await call('syncCurrentUser', { timezoneOffsetMinutes });
  const today = userDay(now, timezoneOffsetMinutes);

  await seedSites(call, today, timezoneOffsetMinutes, now);
  await call('updateBrowserSiteSettings', DEMO_SETTINGS);
  const sessionUser: SessionUser = {
    id: user.uid,
    email: user.email,
    phoneNumber: user.phoneNumber,
    name: null,
  };
  await setDisplayName(db, sessionUser, DEMO_DISPLAY_NAME);

  // Last week's totals first (apps only), so this week's report leaves them as history.
  const thisWeek = weekStartOf(today);
  await call('reportMobileUsage', { userDay: thisWeek - 1, apps: demoApps(thisWeek - 7, 2.5) });
  const { apps } = await call('reportMobileUsage', {
    userDay: today,
    timezoneOffsetMinutes,
    streakStarted: epochSeconds(now) - 12 * 86_400,
    screenTimeMinutesToday: 137,
    apps: demoApps(thisWeek, 1),
  } satisfies ReportMobileUsageBody);
  return { uid: user.uid, userDay: today, sites: DEMO_SITES.length, apps };
}

/** The demo apps with one week's figures, `scale` times this week's. */
const demoApps = (weekStartUserDay: number, scale: number): ReportMobileUsageBody['apps'] =>
  DEMO_APPS.map(({ opens, minutes, ...app }) => ({
    ...app,
    week: {
      weekStartUserDay,
      totalAppOpens: Math.round(opens * scale),
      totalMinutesUsed: Math.round(minutes * scale),
    },
  }));

type Call = ReturnType<typeof apiCaller>;

/** Replaces each demo site (and its sessions) with a fresh copy; the person's other sites stay. */
async function seedSites(call: Call, today: number, timezoneOffsetMinutes: number, now: Date): Promise<void> {
  const existing: CustomSite[] = await call('getBrowserSitesWithActiveAndTodaysSessions', { userDay: today });
  // Sessions belong to today: none may start before the local midnight, however early it is.
  const localMidnightMs = today * DAY_MS + timezoneOffsetMinutes * MINUTE_MS;
  for (const demo of DEMO_SITES) {
    const key = siteMatchKey(demo.siteOrigin);
    for (const site of existing.filter((candidate) => siteMatchKey(candidate.siteOrigin) === key)) {
      await call('updateBrowserCustomSite', { siteId: site.id });
    }
    const site = await call('addBrowserSite', { siteOrigin: demo.siteOrigin, budget: demo.budget });
    for (const [slot, session] of demo.sessions.entries()) {
      const startedAt = Math.max(localMidnightMs, now.getTime() - session.startedMinutesAgo * MINUTE_MS);
      await call('startBrowserSiteSession', {
        id: demoSessionId(today, key, slot),
        siteId: site.id,
        lengthInMilliseconds: session.lengthMinutes * MINUTE_MS,
        timeStarted: epochSeconds(new Date(startedAt)),
        userDay: today,
      });
    }
    if (!demo.active) await call('updateBrowserCustomSite', { siteId: site.id, active: false });
  }
}

async function signIn(app: FastifyInstance): Promise<string> {
  const post = (url: string, payload: object) =>
    app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });
  const sent = await post('/api/auth/phone-number/send-otp', { phoneNumber: DEMO_PHONE_NUMBER });
  if (sent.statusCode !== 200) throw new Error(`sending the demo sign-in code failed: ${sent.body}`);
  const verified = await post('/api/auth/phone-number/verify', {
    phoneNumber: DEMO_PHONE_NUMBER,
    code: DEMO_CODE,
  });
  const token = verified.headers['set-auth-token'];
  if (verified.statusCode !== 200 || typeof token !== 'string') {
    throw new Error(`signing the demo number in failed: ${verified.body}`);
  }
  return token;
}

/** Calls the API in-process as the signed-in demo person; any refusal stops the seed with its message. */
function apiCaller(app: FastifyInstance, token: string) {
  return async <N extends EndpointName>(name: N, input: unknown): Promise<DataOf<N>> => {
    const endpoint = endpoints[name];
    const headers = { authorization: `Bearer ${token}` };
    const res =
      endpoint.method === 'GET'
        ? await app.inject({
            method: 'GET',
            url: `/api${endpoint.path}?${new URLSearchParams(input as Record<string, string>)}`,
            headers,
          })
        : await app.inject({
            method: 'POST',
            url: `/api${endpoint.path}`,
            headers: { ...headers, 'content-type': 'application/json' },
            payload: JSON.stringify(input),
          });
    const body = res.json() as { success: boolean; data: DataOf<N>; error?: string };
    if (!body.success) throw new Error(`${name} failed (${res.statusCode}): ${body.error}`);
    return body.data;
  };
}

type DataOf<N extends EndpointName> = EndpointResponse<(typeof endpoints)[N]>;
