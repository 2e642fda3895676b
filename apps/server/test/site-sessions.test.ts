import { randomUUID } from 'node:crypto';
import { epochSeconds, userDay, utcUserDay } from '@stillpoint/core';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSiteSession } from '../src/db/schema';
import { call, callOk, failureOf, type Person, signUp } from './support/api';
import { createTestApp, type TestApp } from './support/app';

const MINUTE_S = 60;

describe('starting sessions on intercepted sites', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const nowS = () => epochSeconds(new Date());
  const addSite = async (person: Person, siteOrigin: string, budget = 3) =>
    (await callOk(t.app, 'addBrowserSite', { siteOrigin, budget }, person.token)).id;
  /** A session as the breathe page sends it: 5 minutes from now, on today's UTC day. */
  const sessionFor = (siteId: string, overrides: Record<string, unknown> = {}) => {
    const timeStarted = nowS();
    return {
      id: randomUUID(),
      siteId,
      lengthInMilliseconds: 5 * 60_000,
      timeStarted,
      userDay: utcUserDay(new Date(timeStarted * 1000)),
      ...overrides,
    };
  };
  const start = (person: Person, body: object) =>
    call(t.app, 'startBrowserSiteSession', body, { token: person.token });
  const list = (person: Person, day: number) =>
    callOk(t.app, 'getBrowserSitesWithActiveAndTodaysSessions', { userDay: day }, person.token);
  const storedSessions = async (siteId: string) => {
    const [row] = await t.database.db
      .select({ n: count() })
      .from(browserSiteSession)
      .where(eq(browserSiteSession.siteId, siteId));
    return row?.n ?? 0;
  };

  it("records a session and shows it among the day's and the active sessions", async () => {
    const sam = await signUp(t.app);
    const siteId = await addSite(sam, 'youtube.com');
    const body = sessionFor(siteId);
    const res = await start(sam, body);
    expect(res.statusCode).toBe(200);
    expect((res.json() as { data: unknown }).data).toEqual(body);

    const [site] = await list(sam, body.userDay);
    expect(site?.todaysSessions).toEqual([body]);
    expect(site?.activeSessions).toEqual([body]);
  });

  it('answers a retry with the stored session and records it once', async () => {
    const sam = await signUp(t.app);
    const siteId = await addSite(sam, 'reddit.com', 1);
    const body = sessionFor(siteId);
    const first = await start(sam, body);
    // Same id again, even with other details (a confused client): the stored session is the answer.
    const retry = await start(sam, { ...body, lengthInMilliseconds: 20 * 60_000 });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(await storedSessions(siteId)).toBe(1);
    // A budget of 1 is used by that one session, not by the retry.
    const [site] = await list(sam, body.userDay);
    expect(site?.todaysSessions).toHaveLength(1);
  });

  it('records one session when the same start arrives many times at once', async () => {
    const sam = await signUp(t.app);
    const siteId = await addSite(sam, 'x.com', 3);
    const body = sessionFor(siteId);
    const answers = await Promise.all(Array.from({ length: 6 }, () => start(sam, body)));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((res) => res.body)).size).toBe(1);
    expect(await storedSessions(siteId)).toBe(1);
  });

  it('refuses a start once the day’s budget is used, and says so', async () => {
    const sam = await signUp(t.app);
    const siteId = await addSite(sam, 'https://www.facebook.com', 2);
    expect((await start(sam, sessionFor(siteId))).statusCode).toBe(200);
    expect((await start(sam, sessionFor(siteId))).statusCode).toBe(200);
    const third = await start(sam, sessionFor(siteId));
    expect(failureOf(third)).toEqual({
      status: 409,
      success: false,
      code: 'CONFLICT',
      error: 'You have used all 2 sessions for www.facebook.com today.',
    });
    expect(await storedSessions(siteId)).toBe(2);
  });

  it('counts the budget per userDay, so another day has its own', async () => {
    const sam = await signUp(t.app);
    const siteId = await addSite(sam, 'snapchat.com', 1);
    const at = new Date();
    // At any instant some zones are a day behind others: both days are real local dates now.
    const earlier = userDay(at, 840);
    const later = userDay(at, -840);
    expect((await start(sam, sessionFor(siteId, { userDay: later }))).statusCode).toBe(200);
    expect((await start(sam, sessionFor(siteId, { userDay: later }))).statusCode).toBe(409);
    expect((await start(sam, sessionFor(siteId, { userDay: earlier }))).statusCode).toBe(200);

    const [site] = await list(sam, later);
    expect(site?.todaysSessions.map((session) => session.userDay)).toEqual([later]);
    // The other day's session is still running, so it shows as active on this day too.
    expect(site?.activeSessions).toHaveLength(2);
  });

  it('refuses a start after the budget was lowered below what was used', async () => {
    const sam = await signUp(t.app);
    const siteId = await addSite(sam, 'whatsapp.com', 3);
    await start(sam, sessionFor(siteId));
    await start(sam, sessionFor(siteId));
    await callOk(t.app, 'updateBrowserCustomSite', { siteId, budget: 1 }, sam.token);
    expect(failureOf(await start(sam, sessionFor(siteId)))).toMatchObject({
      status: 409,
      error: 'You have used your 1 session for whatsapp.com today.',
    });
  });

  it('never passes the budget when many starts arrive at once', async () => {
    const sam = await signUp(t.app);
    const siteId = await addSite(sam, 'twitch.tv', 3);
    const answers = await Promise.all(Array.from({ length: 8 }, () => start(sam, sessionFor(siteId))));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 200, 200, 409, 409, 409, 409, 409]);
    expect(await storedSessions(siteId)).toBe(3);
  });

  it('refuses a session on a switched-off or archived site, readably', async () => {
    const sam = await signUp(t.app);
    const off = await addSite(sam, 'pinterest.com');
    await callOk(t.app, 'updateBrowserCustomSite', { siteId: off, active: false }, sam.token);
    expect(failureOf(await start(sam, sessionFor(off)))).toMatchObject({
      status: 409,
      code: 'CONFLICT',
      error: 'pinterest.com is switched off, so it has no sessions. Switch it on first.',
    });

    const gone = await addSite(sam, 'tumblr.com');
    await callOk(t.app, 'archiveBrowserSite', { siteId: gone }, sam.token);
    expect(failureOf(await start(sam, sessionFor(gone)))).toMatchObject({
      status: 409,
      error: 'tumblr.com is no longer one of your intercepted sites.',
    });
    expect((await storedSessions(off)) + (await storedSessions(gone))).toBe(0);
  });

  it("answers 404 for another person's site, or for a session id another person already used", async () => {
    const sam = await signUp(t.app);
    const alex = await signUp(t.app);
    const samSite = await addSite(sam, 'linkedin.com');
    const alexSite = await addSite(alex, 'linkedin.com');

    expect(failureOf(await start(alex, sessionFor(samSite)))).toMatchObject({
      status: 404,
      error: 'That site was not found.',
    });

    const samSession = sessionFor(samSite);
    await start(sam, samSession);
    const reused = await start(alex, { ...samSession, siteId: alexSite });
    expect(failureOf(reused)).toMatchObject({ status: 404, error: 'That session was not found.' });
    // Nothing about Sam's session is in the answer, and Alex's budget is untouched.
    expect(reused.body).not.toContain(samSite);
    expect(await storedSessions(alexSite)).toBe(0);
  });

  it('shows a finished session among the day’s sessions but not the active ones', async () => {
    const sam = await signUp(t.app);
    const siteId = await addSite(sam, 'netflix.com');
    const timeStarted = nowS() - 40 * MINUTE_S;
    const body = sessionFor(siteId, {
      timeStarted,
      lengthInMilliseconds: 30 * 60_000,
      userDay: utcUserDay(new Date(timeStarted * 1000)),
    });
    expect((await start(sam, body)).statusCode).toBe(200);
    const [site] = await list(sam, body.userDay as number);
    expect(site?.todaysSessions).toEqual([body]);
    expect(site?.activeSessions).toEqual([]);
  });

  it("lists each live site with its own sessions in the order they started: the day's, and those still running from another day", async () => {
    const sam = await signUp(t.app);
    const [first, second, quiet, archived] = [
      await addSite(sam, 'first.example.com'),
      await addSite(sam, 'second.example.com'),
      await addSite(sam, 'quiet.example.com'),
      await addSite(sam, 'archived.example.com'),
    ];
    await callOk(t.app, 'archiveBrowserSite', { siteId: archived }, sam.token);
    const today = utcUserDay(new Date());
    const session = (siteId: string, startedMinutesAgo: number, minutes: number, day = today) => ({
      id: randomUUID(),
      siteId,
      timeStarted: nowS() - startedMinutesAgo * MINUTE_S,
      lengthInMilliseconds: minutes * 60_000,
      userDay: day,
    });
    const running = session(first, 1, 10);
    const over = session(first, 20, 5);
    // Begun on the day before and still running; and one of that day long over.
    const fromYesterday = session(second, 10, 30, today - 1);
    const yesterdaysOver = session(second, 120, 5, today - 1);
    const onArchived = session(archived, 2, 10);
    // Stored out of order: the list orders them by start.
    for (const row of [running, fromYesterday, onArchived, yesterdaysOver, over]) {
      await t.database.db.insert(browserSiteSession).values({ ...row, userId: sam.uid });
    }
    const site = (id: string, todaysSessions: object[], activeSessions: object[]) =>
      expect.objectContaining({ id, todaysSessions, activeSessions });

    expect(await list(sam, today)).toEqual([
      site(first, [over, running], [running]),
      site(second, [], [fromYesterday]),
      site(quiet, [], []),
    ]);
    expect(await list(sam, today - 1)).toEqual([
      site(first, [], [running]),
      site(second, [yesterdaysOver, fromYesterday], [fromYesterday]),
      site(quiet, [], []),
    ]);
  });

  it.each([
    ['an id that is not a UUID', { id: 'abc' }, 'id must be a UUID'],
    ['no length', { lengthInMilliseconds: undefined }, 'lengthInMilliseconds'],
    ['a zero length', { lengthInMilliseconds: 0 }, 'lengthInMilliseconds must be more than 0'],
    ['an hour-long session', { lengthInMilliseconds: 3_600_000 }, 'a session lasts at most 30 minutes'],
    [
      'a start an hour ahead',
      { timeStarted: epochSeconds(new Date()) + 3600 },
      'timeStarted is in the future',
    ],
    [
      'a day that is nowhere the date',
      { userDay: utcUserDay(new Date()) + 3 },
      'userDay is not the date anywhere',
    ],
    ['a fractional start', { timeStarted: 1.5 }, 'timeStarted must be whole seconds'],
  ])('answers a start with %s with a readable 400 and records nothing', async (_case, overrides, mention) => {
    const sam = await signUp(t.app);
    const siteId = await addSite(sam, 'messenger.com');
    const res = await start(sam, sessionFor(siteId, overrides));
    expect(failureOf(res)).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
      error: expect.stringContaining(mention),
    });
    expect(await storedSessions(siteId)).toBe(0);
  });
});
