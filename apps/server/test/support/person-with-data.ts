import { randomUUID } from 'node:crypto';
import { epochSeconds, utcUserDay } from '@stillpoint/core';
import type { FastifyInstance } from 'fastify';
import { call, callOk, dataOf, signUp } from './api';

/**
 * A signed-in person who already uses the product: sites with a session, feed settings,
 * onboarding answers, phone use, a pause, a referral visit and a short link. Fuzzed calls made as
 * them get past "not found" and "nothing set up yet" into the handlers' real work.
 */
export interface PersonWithData {
  token: string;
  uid: string;
  siteIds: string[];
  sessionIds: string[];
  interceptIds: string[];
  referralViewId: string;
  deepLinkCode: string;
}

export async function personWithData(app: FastifyInstance, publicUrl: string): Promise<PersonWithData> {
  const { token, uid } = await signUp(app);
  const now = new Date();
  const today = utcUserDay(now);
  await callOk(app, 'syncCurrentUser', { timezoneOffsetMinutes: 0 }, token);
  const siteIds: string[] = [];
  for (const siteOrigin of ['youtube.com', 'https://www.reddit.com', 'news.ycombinator.com']) {
    siteIds.push((await callOk(app, 'addBrowserSite', { siteOrigin, budget: 3 }, token)).id);
  }
  const sessionId = randomUUID();
  await callOk(
    app,
    'startBrowserSiteSession',
    {
      id: sessionId,
      siteId: siteIds[0],
      lengthInMilliseconds: 300_000,
      timeStarted: epochSeconds(now),
      userDay: today,
    },
    token,
  );
  await callOk(
    app,
    'updateBrowserSiteSettings',
    { facebookFeedblocking: true, redditFeedblocking: false },
    token,
  );
  await callOk(
    app,
    'updateOnboardingAnswers',
    { hdyh: 'A friend', onboardingIntention: 'find focus' },
    token,
  );
  await callOk(
    app,
    'reportMobileUsage',
    {
      userDay: today,
      screenTimeMinutesToday: 42,
      apps: [{ name: 'Photos', budget: 5, days: [{ userDay: today, appOpens: 3, minutesUsed: 12 }] }],
    },
    token,
  );
  const interceptId = randomUUID();
  await callOk(
    app,
    'reportInterceptOutcomes',
    {
      outcomes: [
        { interceptId, siteId: siteIds[1], outcome: 'nevermind', occurredAt: now.getTime(), userDay: today },
      ],
    },
    token,
  );
  const referralView = dataOf(
    'viewAppReferral',
    await call(app, 'viewAppReferral', { referringUserId: uid }),
  );
  const deepLink = await callOk(
    app,
    'createDeepLink',
    { desktopUrl: `${publicUrl}/mobileDownload`, iosUrl: `${publicUrl}/mobileDownload` },
    token,
  );
  return {
    token,
    uid,
    siteIds,
    sessionIds: [sessionId],
    interceptIds: [interceptId],
    referralViewId: referralView.id,
    deepLinkCode: deepLink.code,
  };
}
