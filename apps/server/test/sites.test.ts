import { randomUUID } from 'node:crypto';
import { epochSeconds, utcUserDay } from '@stillpoint/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../src/db/errors';
import { browserSite, browserSiteSession } from '../src/db/schema';
import { insertSite, LIVE_SITE_UNIQUE_INDEX } from '../src/modules/sites/repo';
import { call, callOk, failureOf, type Person, signUp } from './support/api';
import { createTestApp, type TestApp } from './support/app';

describe('intercepted sites', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const today = () => utcUserDay(new Date());
  const list = (person: Person) =>
    callOk(t.app, 'getBrowserSitesWithActiveAndTodaysSessions', { userDay: today() }, person.token);
  const add = (person: Person, siteOrigin: unknown, budget: unknown = 3) =>
    call(t.app, 'addBrowserSite', { siteOrigin, budget }, { token: person.token });

  it('starts empty, and lists an added site normalised to its origin with its budget', async () => {
    const sam = await signUp(t.app);
    expect(await list(sam)).toEqual([]);

    const res = await add(sam, 'www.YouTube.com/watch?v=1', 2);
    expect(res.statusCode).toBe(200);
    const site = (res.json() as { data: { id: string } }).data;
    expect(site).toEqual({
      id: expect.any(String),
      siteOrigin: 'https://www.youtube.com',
      budget: 2,
      active: true,
    });

    expect(await list(sam)).toEqual([{ ...site, dailyBudget: 2, todaysSessions: [], activeSessions: [] }]);
  });

  it('refuses a site that is already intercepted, www. or not, with a readable 409', async () => {
    const sam = await signUp(t.app);
    expect((await add(sam, 'https://www.reddit.com')).statusCode).toBe(200);
    for (const again of ['reddit.com', 'http://reddit.com/r/all', 'WWW.REDDIT.COM']) {
      expect(failureOf(await add(sam, again)), again).toEqual({
        status: 409,
        success: false,
        code: 'CONFLICT',
        error: 'www.reddit.com is already one of your intercepted sites.',
      });
    }
    expect((await list(sam)).map((site) => site.siteOrigin)).toEqual(['https://www.reddit.com']);
  });

  it('judges duplicates by the site the extension intercepts: a typed port counts, www. and case do not', async () => {
    const sam = await signUp(t.app);
    expect((await add(sam, 'localhost:8080')).statusCode).toBe(200);
    expect((await add(sam, 'http://localhost:9090/app')).statusCode).toBe(200);
    expect(failureOf(await add(sam, 'http://LOCALHOST:8080/other'))).toMatchObject({
      status: 409,
      error: 'localhost:8080 is already one of your intercepted sites.',
    });

    expect((await add(sam, 'youtube.com')).statusCode).toBe(200);
    expect(failureOf(await add(sam, 'WWW.YouTube.com.'))).toEqual({
      status: 409,
      success: false,
      code: 'CONFLICT',
      error: 'youtube.com is already one of your intercepted sites.',
    });

    // www.com is a site of its own, not all of .com: another .com site is no duplicate of it.
    expect(dataFrom(await add(sam, 'WWW.com')).siteOrigin).toBe('https://www.com');
    expect((await add(sam, 'example.com')).statusCode).toBe(200);
    expect((await list(sam)).map((site) => site.siteOrigin)).toEqual([
      'https://localhost:8080',
      'http://localhost:9090',
      'https://youtube.com',
      'https://www.com',
      'https://example.com',
    ]);
  });

  it('adds a site once when the same site is added many times at once', async () => {
    const sam = await signUp(t.app);
    const answers = await Promise.all(
      [
        'news.example.com',
        'www.news.example.com',
        'news.example.com',
        'https://news.example.com/x',
        'news.example.com',
      ].map((origin) => add(sam, origin)),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await list(sam)).toHaveLength(1);
  });

  it('has the database refuse a second live site with the same match key, whatever races the check', async () => {
    const sam = await signUp(t.app);
    await insertSite(t.database.db, {
      userId: sam.uid,
      siteOrigin: 'https://www.race.example',
      siteMatchKey: 'race.example',
      budget: 3,
    });
    const second = insertSite(t.database.db, {
      userId: sam.uid,
      siteOrigin: 'https://race.example',
      siteMatchKey: 'race.example',
      budget: 3,
    });
    const error = await second.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(isUniqueViolation(error, LIVE_SITE_UNIQUE_INDEX)).toBe(true);
  });

  it('keeps each person to their own sites: the same site for two people is no conflict', async () => {
    const sam = await signUp(t.app);
    const alex = await signUp(t.app);
    expect((await add(sam, 'twitch.tv')).statusCode).toBe(200);
    expect((await add(alex, 'twitch.tv')).statusCode).toBe(200);
    expect(await list(alex)).toHaveLength(1);
    expect(await list(sam)).toHaveLength(1);
  });

  it.each([
    [
      'a word that is not a site',
      { siteOrigin: 'nope', budget: 3 },
      'siteOrigin: Enter a site like youtube.com',
    ],
    ['another scheme', { siteOrigin: 'ftp://files.example.com', budget: 3 }, 'siteOrigin'],
    ['a budget of 0', { siteOrigin: 'a.example.com', budget: 0 }, 'budget must be at least 1'],
    ['a fractional budget', { siteOrigin: 'a.example.com', budget: 1.5 }, 'budget must be a whole number'],
    ['no site', { budget: 3 }, 'siteOrigin'],
    ['an extra field', { siteOrigin: 'a.example.com', budget: 3, userId: 'someone' }, 'userId'],
  ])('answers an add with %s with a readable 400', async (_case, body, mention) => {
    const sam = await signUp(t.app);
    const failure = failureOf(await call(t.app, 'addBrowserSite', body, { token: sam.token }));
    expect(failure).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
      error: expect.stringContaining(mention),
    });
  });

  it('asks for a whole-number userDay when listing', async () => {
    const sam = await signUp(t.app);
    for (const query of [{ userDay: 'today' }, { userDay: '-3' }, undefined]) {
      const failure = failureOf(
        await call(t.app, 'getBrowserSitesWithActiveAndTodaysSessions', query, { token: sam.token }),
      );
      expect(failure, JSON.stringify(query)).toMatchObject({
        status: 400,
        error: expect.stringContaining('userDay'),
      });
    }
  });

  describe('archiving', () => {
    it('removes the site from the list, frees its origin, and keeps its history', async () => {
      const sam = await signUp(t.app);
      const site = dataFrom(await add(sam, 'instagram.com'));
      const sessionId = randomUUID();
      await callOk(
        t.app,
        'startBrowserSiteSession',
        {
          id: sessionId,
          siteId: site.id,
          lengthInMilliseconds: 300_000,
          timeStarted: epochSeconds(new Date()),
          userDay: today(),
        },
        sam.token,
      );

      expect(await callOk(t.app, 'archiveBrowserSite', { siteId: site.id }, sam.token)).toEqual({
        siteId: site.id,
      });
      expect(await list(sam)).toEqual([]);
      // Archiving again changes nothing and is not an error (a retried request).
      expect(
        (await call(t.app, 'archiveBrowserSite', { siteId: site.id }, { token: sam.token })).statusCode,
      ).toBe(200);
      // The history stays.
      const sessions = await t.database.db
        .select()
        .from(browserSiteSession)
        .where(eq(browserSiteSession.id, sessionId));
      expect(sessions).toHaveLength(1);

      const readded = dataFrom(await add(sam, 'www.instagram.com'));
      expect(readded.id).not.toBe(site.id);
      expect((await list(sam)).map((s) => s.id)).toEqual([readded.id]);
    });

    it("answers 404 for another person's site and for no site at all, and archives nothing", async () => {
      const sam = await signUp(t.app);
      const alex = await signUp(t.app);
      const site = dataFrom(await add(sam, 'pinterest.com'));
      for (const siteId of [site.id, randomUUID()]) {
        expect(failureOf(await call(t.app, 'archiveBrowserSite', { siteId }, { token: alex.token }))).toEqual(
          {
            status: 404,
            success: false,
            code: 'NOT_FOUND',
            error: 'That site was not found.',
          },
        );
      }
      expect(await list(sam)).toHaveLength(1);
    });

    it('refuses an id that is not a UUID with a 400', async () => {
      const sam = await signUp(t.app);
      const failure = failureOf(
        await call(t.app, 'archiveBrowserSite', { siteId: '42' }, { token: sam.token }),
      );
      expect(failure).toMatchObject({ status: 400, error: expect.stringContaining('siteId must be a UUID') });
    });
  });

  describe('editing and deleting', () => {
    it('changes the budget and the active switch, each alone or together', async () => {
      const sam = await signUp(t.app);
      const site = dataFrom(await add(sam, 'netflix.com', 3));
      const edit = (changes: object) =>
        callOk(t.app, 'updateBrowserCustomSite', { siteId: site.id, ...changes }, sam.token);

      expect(await edit({ budget: 5 })).toEqual({ deleted: false, site: { ...site, budget: 5 } });
      expect(await edit({ active: false })).toEqual({
        deleted: false,
        site: { ...site, budget: 5, active: false },
      });
      expect(await edit({ budget: 1, active: true })).toEqual({
        deleted: false,
        site: { ...site, budget: 1 },
      });
      expect(await list(sam)).toEqual([
        expect.objectContaining({ id: site.id, budget: 1, dailyBudget: 1, active: true }),
      ]);
    });

    it('deletes the site and its sessions when only the siteId is sent', async () => {
      const sam = await signUp(t.app);
      const site = dataFrom(await add(sam, 'tiktok.com'));
      await callOk(
        t.app,
        'startBrowserSiteSession',
        {
          id: randomUUID(),
          siteId: site.id,
          lengthInMilliseconds: 300_000,
          timeStarted: epochSeconds(new Date()),
          userDay: today(),
        },
        sam.token,
      );

      expect(await callOk(t.app, 'updateBrowserCustomSite', { siteId: site.id }, sam.token)).toEqual({
        deleted: true,
        site: null,
      });
      expect(await list(sam)).toEqual([]);
      expect(await t.database.db.select().from(browserSite).where(eq(browserSite.id, site.id))).toEqual([]);
      expect(
        await t.database.db.select().from(browserSiteSession).where(eq(browserSiteSession.siteId, site.id)),
      ).toEqual([]);
      // Deleting again: it is gone.
      expect(
        (await call(t.app, 'updateBrowserCustomSite', { siteId: site.id }, { token: sam.token })).statusCode,
      ).toBe(404);
    });

    it("answers 404 when editing or deleting another person's site, and changes nothing", async () => {
      const sam = await signUp(t.app);
      const alex = await signUp(t.app);
      const site = dataFrom(await add(sam, 'discord.com', 3));
      for (const body of [
        { siteId: site.id, budget: 9 },
        { siteId: site.id, active: false },
        { siteId: site.id },
      ]) {
        const failure = failureOf(await call(t.app, 'updateBrowserCustomSite', body, { token: alex.token }));
        expect(failure, JSON.stringify(body)).toMatchObject({
          status: 404,
          error: 'That site was not found.',
        });
      }
      expect(await list(sam)).toEqual([expect.objectContaining({ id: site.id, budget: 3, active: true })]);
    });

    it('cannot edit an archived site', async () => {
      const sam = await signUp(t.app);
      const site = dataFrom(await add(sam, 'tumblr.com'));
      await callOk(t.app, 'archiveBrowserSite', { siteId: site.id }, sam.token);
      const res = await call(
        t.app,
        'updateBrowserCustomSite',
        { siteId: site.id, budget: 4 },
        { token: sam.token },
      );
      expect(res.statusCode).toBe(404);
    });

    it.each([
      ['a budget of 0', { budget: 0 }, 'budget must be at least 1'],
      ['active as text', { active: 'no' }, 'active must be true or false'],
      ['an unknown change', { siteOrigin: 'other.com' }, 'siteOrigin'],
    ])('answers an edit with %s with a readable 400', async (_case, changes, mention) => {
      const sam = await signUp(t.app);
      const site = dataFrom(await add(sam, 'linkedin.com'));
      const res = await call(
        t.app,
        'updateBrowserCustomSite',
        { siteId: site.id, ...changes },
        { token: sam.token },
      );
      expect(failureOf(res)).toMatchObject({ status: 400, error: expect.stringContaining(mention) });
      expect(await list(sam)).toHaveLength(1);
    });
  });

  it('answers every sites call without a session with 401', async () => {
    const siteId = randomUUID();
    const calls = [
      call(t.app, 'getBrowserSitesWithActiveAndTodaysSessions', { userDay: today() }),
      call(t.app, 'addBrowserSite', { siteOrigin: 'a.example.com', budget: 3 }),
      call(t.app, 'archiveBrowserSite', { siteId }),
      call(t.app, 'updateBrowserCustomSite', { siteId }),
      call(t.app, 'startBrowserSiteSession', {
        id: randomUUID(),
        siteId,
        lengthInMilliseconds: 300_000,
        timeStarted: epochSeconds(new Date()),
        userDay: today(),
      }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(401);
  });
});

function dataFrom(res: { statusCode: number; body: string; json(): unknown }) {
  if (res.statusCode !== 200) throw new Error(`expected 200, got ${res.statusCode}: ${res.body}`);
  return (res.json() as { data: { id: string; siteOrigin: string; budget: number; active: boolean } }).data;
}
