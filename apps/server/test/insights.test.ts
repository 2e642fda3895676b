import { randomUUID } from 'node:crypto';
import { DAY_MS, INSIGHT_DAYS, type InterceptOutcome, utcUserDay } from '@stillpoint/core';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interceptOutcome } from '../src/db/schema';
import { rateLimits } from '../src/http/rate-limit';
import { OLDEST_EVENT_AGE_MS } from '../src/modules/analytics/service';
import { getInsights } from '../src/modules/insights/service';
import { call, callOk, dataOf, failureOf, type Person, signUp } from './support/api';
import { createTestApp, type TestApp } from './support/app';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

describe('pause outcomes and insights', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const addSite = async (person: Person, siteOrigin: string, budget = 3) =>
    (await callOk(t.app, 'addBrowserSite', { siteOrigin, budget }, person.token)).id;
  const report = (person: Person, outcomes: object[]) =>
    call(t.app, 'reportInterceptOutcomes', { outcomes }, { token: person.token });
  const reportOk = async (person: Person, outcomes: object[]) =>
    dataOf('reportInterceptOutcomes', await report(person, outcomes));
  const insightsOf = (person: Person, userDay: number) =>
    callOk(t.app, 'getInsights', { userDay }, person.token);
  const storedPause = async (interceptId: string) => {
    const [row] = await t.database.db
      .select()
      .from(interceptOutcome)
      .where(eq(interceptOutcome.id, interceptId));
    return row ?? null;
  };
  const storedPausesOfSite = async (siteId: string) => {
    const [row] = await t.database.db
      .select({ n: count() })
      .from(interceptOutcome)
      .where(eq(interceptOutcome.siteId, siteId));
    return row?.n ?? 0;
  };

  describe('reporting what happened at a pause', () => {
    /** A report as the breathe page sends it: a minute ago, today (UTC). */
    const pause = (siteId: string, overrides: Record<string, unknown> = {}) => {
      const occurredAt = Date.now() - MINUTE_MS;
      return {
        interceptId: randomUUID(),
        siteId,
        outcome: 'shown' as InterceptOutcome,
        occurredAt,
        userDay: utcUserDay(new Date(occurredAt)),
        ...overrides,
      };
    };

    it('records a pause when shown and settles it with "nevermind"', async () => {
      const sam = await signUp(t.app);
      const siteId = await addSite(sam, 'youtube.com');
      const shown = pause(siteId);
      expect(await reportOk(sam, [shown])).toEqual({ ok: true, recorded: 1, duplicates: 0 });
      expect(await storedPause(shown.interceptId)).toMatchObject({
        outcome: 'shown',
        userDay: shown.userDay,
        shownAt: new Date(shown.occurredAt),
        settledAt: null,
        sessionLengthInMilliseconds: null,
      });

      const decidedAt = shown.occurredAt + 30_000;
      const nevermind = { ...shown, outcome: 'nevermind', occurredAt: decidedAt };
      expect(await reportOk(sam, [nevermind])).toEqual({ ok: true, recorded: 1, duplicates: 0 });
      expect(await storedPause(shown.interceptId)).toMatchObject({
        outcome: 'nevermind',
        shownAt: new Date(shown.occurredAt),
        settledAt: new Date(decidedAt),
      });
    });

    it('settles a shown pause with a session and keeps its length', async () => {
      const sam = await signUp(t.app);
      const siteId = await addSite(sam, 'reddit.com');
      const shown = pause(siteId);
      await reportOk(sam, [shown]);
      const session = { ...shown, outcome: 'session', sessionLengthInMilliseconds: 10 * MINUTE_MS };
      expect(await reportOk(sam, [session])).toEqual({ ok: true, recorded: 1, duplicates: 0 });
      expect(await storedPause(shown.interceptId)).toMatchObject({
        outcome: 'session',
        sessionLengthInMilliseconds: 10 * MINUTE_MS,
      });
    });

    it('takes a decision as the first report: shown and settled at once', async () => {
      const sam = await signUp(t.app);
      const siteId = await addSite(sam, 'x.com');
      const left = pause(siteId, { outcome: 'left' });
      expect(await reportOk(sam, [left])).toEqual({ ok: true, recorded: 1, duplicates: 0 });
      expect(await storedPause(left.interceptId)).toMatchObject({
        outcome: 'left',
        shownAt: new Date(left.occurredAt),
        settledAt: new Date(left.occurredAt),
      });
    });

    it('applies a pause shown and settled in one report, in order', async () => {
      const sam = await signUp(t.app);
      const siteId = await addSite(sam, 'twitch.tv');
      const shown = pause(siteId);
      const nevermind = { ...shown, outcome: 'nevermind', occurredAt: shown.occurredAt + 5_000 };
      expect(await reportOk(sam, [shown, nevermind])).toEqual({ ok: true, recorded: 2, duplicates: 0 });
      expect((await storedPause(shown.interceptId))?.outcome).toBe('nevermind');
    });

    it('counts a retry as a duplicate and changes nothing', async () => {
      const sam = await signUp(t.app);
      const siteId = await addSite(sam, 'facebook.com');
      const shown = pause(siteId);
      await reportOk(sam, [shown]);
      const before = await storedPause(shown.interceptId);
      expect(await reportOk(sam, [shown])).toEqual({ ok: true, recorded: 0, duplicates: 1 });
      expect(await storedPause(shown.interceptId)).toEqual(before);
      expect(await storedPausesOfSite(siteId)).toBe(1);
    });

    it('keeps the first decision: a later one, or "shown" again, is a duplicate', async () => {
      const sam = await signUp(t.app);
      const siteId = await addSite(sam, 'instagram.com');
      const nevermind = pause(siteId, { outcome: 'nevermind' });
      await reportOk(sam, [nevermind]);
      const settled = await storedPause(nevermind.interceptId);
      const later = [
        {
          ...nevermind,
          outcome: 'session',
          sessionLengthInMilliseconds: 5 * MINUTE_MS,
          occurredAt: Date.now(),
        },
        { ...nevermind, outcome: 'left', occurredAt: Date.now() },
        { ...nevermind, outcome: 'shown', occurredAt: Date.now() },
      ];
      expect(await reportOk(sam, later)).toEqual({ ok: true, recorded: 0, duplicates: 3 });
      expect(await storedPause(nevermind.interceptId)).toEqual(settled);
    });

    it('stores one pause when the same report arrives 20 times at once', async () => {
      const sam = await signUp(t.app);
      const siteId = await addSite(sam, 'tiktok.com');
      const shown = pause(siteId, { outcome: 'session', sessionLengthInMilliseconds: 5 * MINUTE_MS });
      const answers = await Promise.all(Array.from({ length: 20 }, () => report(sam, [shown])));
      expect(answers.map((res) => res.statusCode)).toEqual(Array(20).fill(200));
      const results = answers.map((res) => dataOf('reportInterceptOutcomes', res));
      expect(results.reduce((sum, result) => sum + result.recorded, 0)).toBe(1);
      expect(results.reduce((sum, result) => sum + result.duplicates, 0)).toBe(19);
      expect(await storedPausesOfSite(siteId)).toBe(1);
    });

    it('accepts a pause on a site archived since (an offline queue arriving late)', async () => {
      const sam = await signUp(t.app);
      const siteId = await addSite(sam, 'pinterest.com');
      await callOk(t.app, 'archiveBrowserSite', { siteId }, sam.token);
      expect(await reportOk(sam, [pause(siteId, { outcome: 'left' })])).toMatchObject({ recorded: 1 });
    });

    it("refuses the whole report with 404 when a site is another person's or unknown", async () => {
      const sam = await signUp(t.app);
      const alex = await signUp(t.app);
      const samSite = await addSite(sam, 'linkedin.com');
      const alexSite = await addSite(alex, 'linkedin.com');

      const valid = pause(alexSite);
      for (const outcomes of [[pause(samSite)], [valid, pause(samSite)], [valid, pause(randomUUID())]]) {
        expect(failureOf(await report(alex, outcomes))).toEqual({
          status: 404,
          success: false,
          code: 'NOT_FOUND',
          error: 'That site was not found.',
        });
      }
      expect(await storedPause(valid.interceptId)).toBeNull();
      expect(await storedPausesOfSite(samSite)).toBe(0);
      expect(await storedPausesOfSite(alexSite)).toBe(0);
    });

    it("answers 404 for another person's pause, or one of another site, and leaves it as it was", async () => {
      const sam = await signUp(t.app);
      const alex = await signUp(t.app);
      const samSite = await addSite(sam, 'netflix.com');
      const samOtherSite = await addSite(sam, 'hulu.com');
      const alexSite = await addSite(alex, 'netflix.com');
      const samPause = pause(samSite);
      await reportOk(sam, [samPause]);
      const before = await storedPause(samPause.interceptId);

      const hijack = { ...samPause, siteId: alexSite, outcome: 'nevermind' };
      const refused = await report(alex, [pause(alexSite), hijack]);
      expect(failureOf(refused)).toMatchObject({ status: 404, error: 'That pause was not found.' });
      expect(refused.body).not.toContain(samSite);
      expect(await storedPausesOfSite(alexSite)).toBe(0);

      const moved = { ...samPause, siteId: samOtherSite, outcome: 'nevermind' };
      expect(failureOf(await report(sam, [moved]))).toMatchObject({ status: 404 });
      expect(await storedPause(samPause.interceptId)).toEqual(before);
    });

    it('keeps the time within sane bounds: never after now, never over a week old', async () => {
      const sam = await signUp(t.app);
      const siteId = await addSite(sam, 'tumblr.com');
      const before = Date.now();
      const ahead = pause(siteId, { occurredAt: before + 2 * HOUR_MS });
      const old = pause(siteId, {
        occurredAt: before - 30 * DAY_MS,
        userDay: utcUserDay(new Date(before - 30 * DAY_MS)),
      });
      await reportOk(sam, [ahead, old]);
      const after = Date.now();
      const aheadAt = (await storedPause(ahead.interceptId))?.shownAt.getTime() ?? 0;
      expect(aheadAt).toBeGreaterThanOrEqual(before);
      expect(aheadAt).toBeLessThanOrEqual(after);
      const oldRow = await storedPause(old.interceptId);
      expect(oldRow?.shownAt.getTime()).toBeGreaterThanOrEqual(before - OLDEST_EVENT_AGE_MS);
      expect(oldRow?.shownAt.getTime()).toBeLessThanOrEqual(after - OLDEST_EVENT_AGE_MS);
      // The day is the person's own and stays as reported.
      expect(oldRow?.userDay).toBe(old.userDay);
    });

    it.each([
      ['an interceptId that is not a UUID', { interceptId: 'abc' }, 'interceptId must be a UUID'],
      ['a siteId that is not a UUID', { siteId: 'abc' }, 'siteId must be a UUID'],
      [
        'an unknown outcome',
        { outcome: 'skipped' },
        'outcome must be one of shown, nevermind, session, left',
      ],
      [
        'a session without its length',
        { outcome: 'session' },
        'a session outcome needs sessionLengthInMilliseconds',
      ],
      [
        'a length with nevermind',
        { outcome: 'nevermind', sessionLengthInMilliseconds: 60_000 },
        'only a session outcome has sessionLengthInMilliseconds',
      ],
      ['no userDay', { userDay: undefined }, 'userDay'],
      ['no occurredAt', { occurredAt: undefined }, 'occurredAt'],
      [
        'a day that is nowhere the date then',
        { userDay: utcUserDay(new Date()) + 3 },
        'userDay is not the date anywhere',
      ],
    ])(
      'answers a report with %s with a 400 naming it, and stores nothing',
      async (_case, overrides, mention) => {
        const sam = await signUp(t.app);
        const siteId = await addSite(sam, 'messenger.com');
        const res = await report(sam, [pause(siteId), pause(siteId, overrides)]);
        expect(failureOf(res)).toMatchObject({
          status: 400,
          code: 'BAD_REQUEST',
          error: expect.stringContaining(mention),
        });
        expect(await storedPausesOfSite(siteId)).toBe(0);
      },
    );

    it.each([
      ['an empty list', [], 'outcomes cannot be empty'],
      ['101 outcomes', 101, 'a report holds at most 100 outcomes'],
    ])('answers a report of %s with a 400', async (_case, outcomes, mention) => {
      const sam = await signUp(t.app);
      const siteId = await addSite(sam, 'quora.com');
      const list =
        typeof outcomes === 'number' ? Array.from({ length: outcomes }, () => pause(siteId)) : outcomes;
      expect(failureOf(await report(sam, list))).toMatchObject({
        status: 400,
        error: expect.stringContaining(mention),
      });
      expect(await storedPausesOfSite(siteId)).toBe(0);
    });

    it('limits how often one person asks for the week, without touching anyone else', async () => {
      const sam = await signUp(t.app);
      const alex = await signUp(t.app);
      const ask = (person: Person) =>
        call(t.app, 'getInsights', { userDay: 20_000 }, { token: person.token });
      for (let i = 0; i < rateLimits.insights.max; i++) expect((await ask(sam)).statusCode).toBe(200);
      expect(failureOf(await ask(sam))).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
      expect((await ask(alex)).statusCode).toBe(200);
    });

    it('answers 401 without a signed-in person, for both calls', async () => {
      const res = await call(t.app, 'reportInterceptOutcomes', { outcomes: [pause(randomUUID())] });
      expect(res.statusCode).toBe(401);
      expect((await call(t.app, 'getInsights', { userDay: 20_000 })).statusCode).toBe(401);
    });
  });

  describe('the week of insights', () => {
    // A fixed week in the past, so every figure is known: D is the asked-for day.
    const D = 20_000;
    const at = (day: number, hours: number, minutes = 0) =>
      day * DAY_MS + hours * HOUR_MS + minutes * MINUTE_MS;
    const pauseOn = (siteId: string, day: number, outcome: InterceptOutcome, lengthMinutes?: number) => ({
      interceptId: randomUUID(),
      siteId,
      outcome,
      occurredAt: at(day, 12),
      userDay: day,
      ...(lengthMinutes ? { sessionLengthInMilliseconds: lengthMinutes * MINUTE_MS } : {}),
    });
    const sessionOn = (person: Person, siteId: string, day: number, startMs: number, lengthMinutes: number) =>
      callOk(
        t.app,
        'startBrowserSiteSession',
        {
          id: randomUUID(),
          siteId,
          lengthInMilliseconds: lengthMinutes * MINUTE_MS,
          timeStarted: startMs / 1000,
          userDay: day,
        },
        person.token,
      );
    const figures = (attempts: number, turnedBack: number, sessions: number, minutesUsed: number) => ({
      attempts,
      turnedBack,
      sessions,
      minutesUsed,
    });
    const week = (byDay: Record<number, ReturnType<typeof figures>>) =>
      Array.from({ length: INSIGHT_DAYS }, (_, index) => {
        const userDay = D - 6 + index;
        return { userDay, figures: byDay[userDay] ?? null };
      });

    let sam: Person;
    let youtube: string;
    let reddit: string;
    beforeAll(async () => {
      sam = await signUp(t.app);
      youtube = await addSite(sam, 'https://www.youtube.com');
      reddit = await addSite(sam, 'reddit.com');
      await reportOk(sam, [
        // Before the week: counts only for daysSinceFirstIntercept.
        pauseOn(youtube, D - 7, 'nevermind'),
        pauseOn(youtube, D - 2, 'nevermind'),
        pauseOn(youtube, D - 2, 'left'),
        pauseOn(youtube, D - 2, 'session', 10),
        // Still only shown: a pause, not turned back.
        pauseOn(youtube, D - 1, 'shown'),
        pauseOn(reddit, D - 1, 'nevermind'),
        pauseOn(reddit, D - 1, 'session', 5),
        pauseOn(reddit, D, 'session', 30),
      ]);
      await sessionOn(sam, youtube, D - 2, at(D - 2, 12, 1), 10);
      await sessionOn(sam, reddit, D - 1, at(D - 1, 12, 1), 5);
      // Started from the popup, not a pause: still a session of that day.
      await sessionOn(sam, reddit, D - 1, at(D - 1, 20), 15);
      await sessionOn(sam, reddit, D, at(D, 12), 30);
      // After the week: not counted.
      await sessionOn(sam, reddit, D + 1, at(D + 1, 9), 20);
      // History outlives archiving.
      await callOk(t.app, 'archiveBrowserSite', { siteId: reddit }, sam.token);
    });

    it('counts pauses, turning back, sessions and minutes per day, per site and in total', async () => {
      // Ten minutes into the 30-minute session of day D.
      const insights = await getInsights(t.database.db, sam.uid, D, at(D, 12, 10));
      expect(insights).toEqual({
        fromUserDay: D - 6,
        toUserDay: D,
        days: week({
          [D - 2]: figures(3, 2, 1, 10),
          [D - 1]: figures(3, 1, 2, 20),
          [D]: figures(1, 0, 1, 10),
        }),
        total: figures(7, 3, 4, 40),
        sites: [
          {
            siteId: youtube,
            siteOrigin: 'https://www.youtube.com',
            days: week({ [D - 2]: figures(3, 2, 1, 10), [D - 1]: figures(1, 0, 0, 0) }),
            total: figures(4, 2, 1, 10),
          },
          {
            siteId: reddit,
            siteOrigin: 'https://reddit.com',
            days: week({ [D - 1]: figures(2, 1, 2, 20), [D]: figures(1, 0, 1, 10) }),
            total: figures(3, 1, 3, 30),
          },
        ],
        daysSinceFirstIntercept: 7,
      });
    });

    it('answers the same through the API, where the running session of day D is long over', async () => {
      const insights = await insightsOf(sam, D);
      expect(insights.days.at(-1)).toEqual({ userDay: D, figures: figures(1, 0, 1, 30) });
      expect(insights.total).toEqual(figures(7, 3, 4, 60));
      expect(insights.sites.map((site) => site.siteId)).toEqual([youtube, reddit]);
    });

    it('counts only the minutes passed of a session still running', async () => {
      const justStarted = await getInsights(t.database.db, sam.uid, D, at(D, 12, 0) + 30_000);
      expect(justStarted.days.at(-1)?.figures?.minutesUsed).toBe(0.5);
      const before = await getInsights(t.database.db, sam.uid, D, at(D, 11));
      expect(before.days.at(-1)?.figures).toEqual(figures(1, 0, 1, 0));
    });

    it('ends the week at the asked-for day, leaving later days out', async () => {
      const insights = await insightsOf(sam, D - 2);
      expect(insights.fromUserDay).toBe(D - 8);
      expect(insights.days.at(-1)).toEqual({ userDay: D - 2, figures: figures(3, 2, 1, 10) });
      expect(insights.days.at(-6)).toEqual({ userDay: D - 7, figures: figures(1, 1, 0, 0) });
      expect(insights.total).toEqual(figures(4, 3, 1, 10));
      expect(insights.sites.map((site) => site.siteId)).toEqual([youtube]);
      expect(insights.daysSinceFirstIntercept).toBe(5);
    });

    it("shows another person none of Sam's pauses or sessions", async () => {
      const alex = await signUp(t.app);
      await addSite(alex, 'https://www.youtube.com');
      expect(await insightsOf(alex, D)).toEqual({
        fromUserDay: D - 6,
        toUserDay: D,
        days: week({}),
        total: figures(0, 0, 0, 0),
        sites: [],
        daysSinceFirstIntercept: null,
      });
    });

    it('keeps a full week of days near day 0, numbering the days before it', async () => {
      const early = await signUp(t.app);
      const siteId = await addSite(early, 'imgur.com');
      await reportOk(early, [pauseOn(siteId, 1, 'nevermind')]);
      await sessionOn(early, siteId, 1, at(1, 18), 5);
      const insights = await insightsOf(early, 2);
      expect(insights.fromUserDay).toBe(-4);
      expect(insights.days).toEqual([
        { userDay: -4, figures: null },
        { userDay: -3, figures: null },
        { userDay: -2, figures: null },
        { userDay: -1, figures: null },
        { userDay: 0, figures: null },
        { userDay: 1, figures: figures(1, 1, 1, 5) },
        { userDay: 2, figures: null },
      ]);
      expect(insights.daysSinceFirstIntercept).toBe(1);
      expect((await insightsOf(early, 0)).days.map((day) => day.userDay)).toEqual([
        -6, -5, -4, -3, -2, -1, 0,
      ]);
    });

    it.each([
      ['no userDay', {}],
      ['a negative userDay', { userDay: '-1' }],
      ['a userDay that is not a number', { userDay: 'today' }],
      // Past a 32-bit integer, the day range used to fail in the database with a 500.
      ['a userDay past the last day there can be', { userDay: '2600000000' }],
    ])('answers a request with %s with a 400 naming userDay', async (_case, query) => {
      const res = await call(t.app, 'getInsights', query, { token: sam.token });
      expect(failureOf(res)).toMatchObject({ status: 400, error: expect.stringContaining('userDay') });
    });
  });
});
