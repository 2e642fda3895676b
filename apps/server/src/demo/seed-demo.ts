import { createHash } from 'node:crypto';
import {
  type CustomSite,
  DAY_MS,
  type EndpointName,
  type EndpointResponse,
  endpoints,
  epochSeconds,
  MINUTE_MS,
  type ReportMobileUsageBody,
  siteMatchKey,
  userDay,
} from '@stillpoint/core';
import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../auth/session';
import { DEMO_ADMIN_PHONE_NUMBER } from '../config/stand-ins';
import type { Database } from '../db/client';
import { setDisplayName } from '../modules/profile/service';
import { seedInsightsWeek } from './seed-insights';

/** The demo person signs in like anyone with the development test number. */
export const DEMO_PHONE_NUMBER = '+15555550100';
export const DEMO_CODE = '123456';
export const DEMO_DISPLAY_NAME = 'Jordan';
/**
 * The demo admin: its own development test number, with the same code, which development's
 * ADMIN_SIGN_INS names by default (docs/support.md), so /admin can be tried on `npm start`.
 */
export { DEMO_ADMIN_PHONE_NUMBER } from '../config/stand-ins';

const SECOND_MS = 1_000;

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

interface DemoApp {
  supportedAppId: string;
  /** Opens allowed per day. */
  budget: number;
  domains: string[];
  /** The last seven days, today first. */
  opens: number[];
  minutes: number[];
}

/**
 * Six phone apps with a week of daily use. Today Instagram is the one over its budget; the
 * others are under theirs, though most went over on some earlier day, as people do.
 */
const DEMO_APPS: DemoApp[] = [
  {
    supportedAppId: 'instagram',
    budget: 10,
    domains: ['instagram.com'],
    opens: [14, 9, 12, 8, 11, 7, 10],
    minutes: [96, 62, 88, 51, 79, 44, 70],
  },
  {
    supportedAppId: 'tiktok',
    budget: 8,
    domains: ['tiktok.com'],
    opens: [6, 9, 7, 5, 10, 6, 8],
    minutes: [41, 66, 48, 35, 72, 39, 55],
  },
  {
    supportedAppId: 'youtube',
    budget: 6,
    domains: ['youtube.com', 'm.youtube.com'],
    opens: [5, 4, 6, 7, 3, 5, 4],
    minutes: [58, 47, 66, 81, 30, 52, 44],
  },
  {
    supportedAppId: 'whatsapp',
    budget: 30,
    domains: ['web.whatsapp.com'],
    opens: [22, 27, 25, 31, 19, 24, 26],
    minutes: [25, 31, 28, 36, 20, 27, 30],
  },
  {
    supportedAppId: 'reddit',
    budget: 5,
    domains: ['reddit.com', 'old.reddit.com'],
    opens: [3, 5, 4, 2, 6, 3, 4],
    minutes: [12, 21, 16, 9, 25, 11, 15],
  },
  {
    supportedAppId: 'netflix',
    budget: 2,
    domains: ['netflix.com'],
    opens: [1, 1, 0, 2, 1, 0, 1],
    minutes: [45, 52, 0, 98, 40, 0, 47],
  },
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
  /** The demo admin's account, and whether this server's configuration makes it an admin. */
  admin: { uid: string; isAdmin: boolean };
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
  const token = await signIn(app, DEMO_PHONE_NUMBER);
  const call = apiCaller(app, token);
  const { user } = await call('syncCurrentUser', { timezoneOffsetMinutes });
  const today = userDay(now, timezoneOffsetMinutes);

  const siteIds = await seedSites(call, today, timezoneOffsetMinutes, now);
  await call('updateBrowserSiteSettings', DEMO_SETTINGS);
  const sessionUser: SessionUser = {
    id: user.uid,
    email: user.email,
    phoneNumber: user.phoneNumber,
    name: null,
  };
  await setDisplayName(db, sessionUser, DEMO_DISPLAY_NAME);
  // After today's sessions and the switched-off site: the week of pauses builds on both.
  await seedInsightsWeek(db, { userId: user.uid, siteIds, today, timezoneOffsetMinutes, now });

  // One report with the whole week, as a phone that has been offline sends it; each day
  // replaces what an earlier run stored for it.
  const { apps } = await call('reportMobileUsage', {
    userDay: today,
    timezoneOffsetMinutes,
    streakStarted: epochSeconds(now) - 12 * 86_400,
    screenTimeMinutesToday: 137,
    apps: demoApps(today),
  } satisfies ReportMobileUsageBody);
  return {
    uid: user.uid,
    admin: await seedAdmin(app, timezoneOffsetMinutes),
    userDay: today,
    sites: DEMO_SITES.length,
    apps,
  };
}

/** Signs the demo admin in, which makes the account on the first run, and asks whether it is one. */
async function seedAdmin(app: FastifyInstance, timezoneOffsetMinutes: number): Promise<DemoSummary['admin']> {
  const token = await signIn(app, DEMO_ADMIN_PHONE_NUMBER);
  const { user } = await apiCaller(app, token)('syncCurrentUser', { timezoneOffsetMinutes });
  const self = await app.inject({
    method: 'GET',
    url: `/api${endpoints.adminGetSelf.path}`,
    headers: { authorization: `Bearer ${token}` },
  });
  return { uid: user.uid, isAdmin: self.statusCode === 200 };
}

/** The demo apps with their seven days, counted back from `today`. */
const demoApps = (today: number): ReportMobileUsageBody['apps'] =>
  DEMO_APPS.map(({ opens, minutes, ...app }) => ({
    ...app,
    days: opens.map((appOpens, back) => ({
      userDay: today - back,
      appOpens,
      minutesUsed: minutes[back] ?? 0,
    })),
  }));

type Call = ReturnType<typeof apiCaller>;

/** Replaces each demo site (and its sessions) with a fresh copy; the person's other sites stay. Returns their ids. */
async function seedSites(
  call: Call,
  today: number,
  timezoneOffsetMinutes: number,
  now: Date,
): Promise<string[]> {
  const siteIds: string[] = [];
  const existing: CustomSite[] = await call('getBrowserSitesWithActiveAndTodaysSessions', { userDay: today });
  // Sessions belong to today: none may start before the local midnight, however early it is.
  const localMidnightMs = today * DAY_MS + timezoneOffsetMinutes * MINUTE_MS;
  for (const demo of DEMO_SITES) {
    const key = siteMatchKey(demo.siteOrigin);
    for (const site of existing.filter((candidate) => siteMatchKey(candidate.siteOrigin) === key)) {
      await call('updateBrowserCustomSite', { siteId: site.id });
    }
    const site = await call('addBrowserSite', { siteOrigin: demo.siteOrigin, budget: demo.budget });
    siteIds.push(site.id);
    for (const [slot, session] of demo.sessions.entries()) {
      const startedAt = Math.max(localMidnightMs, now.getTime() - session.startedMinutesAgo * MINUTE_MS);
      let lengthMs = session.lengthMinutes * MINUTE_MS;
      // Just after midnight a session moved up to midnight could still be running: one meant to be
      // over is cut to end a second before now, so only the running one is running.
      if (session.startedMinutesAgo > session.lengthMinutes) {
        lengthMs = Math.max(SECOND_MS, Math.min(lengthMs, now.getTime() - startedAt - SECOND_MS));
      }
      await call('startBrowserSiteSession', {
        id: demoSessionId(today, key, slot),
        siteId: site.id,
        lengthInMilliseconds: lengthMs,
        timeStarted: epochSeconds(new Date(startedAt)),
        userDay: today,
      });
    }
    if (!demo.active) await call('updateBrowserCustomSite', { siteId: site.id, active: false });
  }
  return siteIds;
}

async function signIn(app: FastifyInstance, phoneNumber: string): Promise<string> {
  const post = (url: string, payload: object) =>
    app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });
  const sent = await post('/api/auth/phone-number/send-otp', { phoneNumber });
  if (sent.statusCode !== 200) throw new Error(`sending the demo sign-in code failed: ${sent.body}`);
  const verified = await post('/api/auth/phone-number/verify', { phoneNumber, code: DEMO_CODE });
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
