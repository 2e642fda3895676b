import { randomUUID } from 'node:crypto';
import { epochSeconds, INSIGHT_DAYS, type Insights, userDay } from '@stillpoint/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedInsightsWeek } from '../src/demo/seed-insights';
import { getInsights } from '../src/modules/insights/service';
import { sessionsInDayRange } from '../src/modules/sites/service';
import { callOk, type Person, signUp } from './support/api';
import { createTestApp, type TestApp } from './support/app';

const MINUTE_MS = 60_000;

describe("the demo person's week of pauses", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** The demo's sites as seed-demo makes them: two with sessions today, one switched off. */
  async function demoPerson(now: Date, today: number) {
    const person = await signUp(t.app);
    const add = async (siteOrigin: string, budget: number) =>
      (await callOk(t.app, 'addBrowserSite', { siteOrigin, budget }, person.token)).id;
    const youtube = await add('https://www.youtube.com', 3);
    const reddit = await add('https://www.reddit.com', 2);
    const hackerNews = await add('https://news.ycombinator.com', 1);
    for (const [siteId, minutesAgo, lengthMinutes] of [
      [youtube, 150, 20],
      [youtube, 4, 10],
      [reddit, 95, 5],
      [reddit, 35, 5],
    ] as const) {
      await start(person, {
        id: randomUUID(),
        siteId,
        lengthInMilliseconds: lengthMinutes * MINUTE_MS,
        timeStarted: epochSeconds(new Date(now.getTime() - minutesAgo * MINUTE_MS)),
        userDay: today,
      });
    }
    await callOk(t.app, 'updateBrowserCustomSite', { siteId: hackerNews, active: false }, person.token);
    return { person, siteIds: [youtube, reddit, hackerNews], hackerNews };
  }
  const start = (person: Person, body: object) =>
    callOk(t.app, 'startBrowserSiteSession', body, person.token);

  const turnBackShare = (insights: Insights) => insights.total.turnedBack / insights.total.attempts;

  // Afternoons in New York and in Berlin, on days with different quiet days.
  it.each([
    ['2024-10-04T19:00:00Z', 300],
    ['2024-10-07T14:00:00Z', -120],
    ['2025-03-01T21:30:00Z', 0],
  ])('writes a believable week ending %s (offset %i)', async (iso, timezoneOffsetMinutes) => {
    const now = new Date(iso);
    const today = userDay(now, timezoneOffsetMinutes);
    const { person, siteIds, hackerNews } = await demoPerson(now, today);
    const seed = { userId: person.uid, siteIds, today, timezoneOffsetMinutes, now };
    const summary = await seedInsightsWeek(t.database.db, seed);

    const insights = await getInsights(t.database.db, person.uid, today, now.getTime());
    expect(insights.days).toHaveLength(INSIGHT_DAYS);
    const quiet = insights.days.filter((day) => day.figures === null);
    expect(quiet).toHaveLength(1);
    expect(quiet[0]?.userDay).not.toBe(today);
    for (const { figures } of insights.days) {
      if (!figures) continue;
      expect(figures.attempts).toBeGreaterThanOrEqual(3);
      expect(figures.attempts).toBeLessThanOrEqual(7);
    }
    expect(turnBackShare(insights)).toBeGreaterThanOrEqual(0.3);
    expect(turnBackShare(insights)).toBeLessThanOrEqual(0.6);
    expect(insights.total.attempts).toBe(summary.pauses);
    expect(insights.total.turnedBack).toBe(summary.turnedBack);
    // Pauses on both live sites; none on the switched-off one, which intercepts nothing.
    expect(insights.sites).toHaveLength(2);
    expect(insights.sites.map((site) => site.siteId)).not.toContain(hackerNews);
    // The week's first day with pauses is the first pause the person ever had.
    const firstDay = insights.days.find((day) => day.figures !== null)?.userDay ?? today;
    expect(insights.daysSinceFirstIntercept).toBe(today - firstDay);

    // Sessions of 5 to 15 minutes on the days before today, each within its site's budget.
    const sessions = await sessionsInDayRange(t.database.db, person.uid, today - INSIGHT_DAYS + 1, today - 1);
    expect(sessions.length).toBeGreaterThan(0);
    for (const session of sessions) {
      expect(session.lengthInMilliseconds).toBeGreaterThanOrEqual(5 * MINUTE_MS);
      expect(session.lengthInMilliseconds).toBeLessThanOrEqual(15 * MINUTE_MS);
    }
    for (const site of insights.sites) {
      const budget = site.siteId === siteIds[0] ? 3 : 2;
      for (const { figures } of site.days) expect(figures?.sessions ?? 0).toBeLessThanOrEqual(budget);
    }
    // Today's sessions are the four the demo already had: the seed started none today.
    expect(insights.days.at(-1)?.figures?.sessions).toBe(4);

    // Running it again the same day changes nothing.
    await seedInsightsWeek(t.database.db, seed);
    expect(await getInsights(t.database.db, person.uid, today, now.getTime())).toEqual(insights);
  });

  it('writes nothing when the person has no live, switched-on site', async () => {
    const now = new Date('2024-10-04T19:00:00Z');
    const today = userDay(now, 0);
    const person = await signUp(t.app);
    const siteId = (await callOk(t.app, 'addBrowserSite', { siteOrigin: 'x.com', budget: 1 }, person.token))
      .id;
    await callOk(t.app, 'updateBrowserCustomSite', { siteId, active: false }, person.token);
    const seed = { userId: person.uid, siteIds: [siteId], today, timezoneOffsetMinutes: 0, now };
    expect(await seedInsightsWeek(t.database.db, seed)).toEqual({ pauses: 0, turnedBack: 0, sessions: 0 });
    expect(
      (await getInsights(t.database.db, person.uid, today, now.getTime())).daysSinceFirstIntercept,
    ).toBeNull();
  });
});
