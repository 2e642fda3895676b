import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callOk, failureOf, type Person, signUp } from './support/api';
import { createTestApp, type TestApp } from './support/app';

const DAY = 20_104;

describe('phone apps on the home page', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const report = (person: Person, body: object) => callOk(t.app, 'reportMobileUsage', body, person.token);
  const fetchApps = (person: Person, userDay: number) =>
    callOk(t.app, 'fetchApps', { userDay }, person.token);
  const week = (weekStartUserDay: number, totalAppOpens: number, totalMinutesUsed: number) => ({
    weekStartUserDay,
    totalAppOpens,
    totalMinutesUsed,
  });

  describe('the supported-apps catalogue', () => {
    it('names the big distracting apps, each with an icon address the browser can load', async () => {
      const sam = await signUp(t.app);
      const apps = await callOk(t.app, 'getSupportedApps', undefined, sam.token);
      const ids = apps.map((app) => app.id);
      for (const id of [
        'instagram',
        'tiktok',
        'youtube',
        'twitter',
        'facebook',
        'snapchat',
        'reddit',
        'netflix',
      ]) {
        expect(ids).toContain(id);
      }
      for (const id of ['whatsapp', 'linkedin', 'pinterest', 'discord']) expect(ids).toContain(id);
      expect(apps.find((app) => app.id === 'instagram')).toEqual({
        id: 'instagram',
        name: 'Instagram',
        iconURL: '/api/app-icons/instagram.svg',
      });

      for (const app of apps) {
        const icon = await t.app.inject({ method: 'GET', url: app.iconURL });
        expect(icon.statusCode, app.iconURL).toBe(200);
        expect(icon.headers['content-type']).toBe('image/svg+xml');
        expect(icon.body).toContain('<svg');
        expect(icon.body).toContain(`<title>${app.name}</title>`);
      }
    });

    it('serves icons with caching headers, and answers a revalidation with 304', async () => {
      const icon = await t.app.inject({ method: 'GET', url: '/api/app-icons/youtube.svg' });
      expect(icon.headers['cache-control']).toBe('public, max-age=86400');
      const etag = icon.headers.etag;
      expect(etag).toEqual(expect.any(String));
      const again = await t.app.inject({
        method: 'GET',
        url: '/api/app-icons/youtube.svg',
        headers: { 'if-none-match': String(etag) },
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    });

    it('answers an unknown icon or a path trick with 404 in the envelope', async () => {
      for (const url of [
        '/api/app-icons/myspace.svg',
        '/api/app-icons/..%2F..%2Fpackage.json',
        '/api/app-icons/',
      ]) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json(), url).toMatchObject({ success: false, code: 'NOT_FOUND' });
      }
    });

    it('needs a session', async () => {
      expect((await call(t.app, 'getSupportedApps')).statusCode).toBe(401);
    });
  });

  describe('fetchApps', () => {
    it('is empty before the phone has reported anything', async () => {
      const sam = await signUp(t.app);
      expect(await fetchApps(sam, DAY)).toEqual([]);
    });

    it('gives each app with its domains and the week containing userDay first', async () => {
      const sam = await signUp(t.app);
      // Last week's report stays as history when this week's arrives.
      await report(sam, {
        userDay: DAY - 4,
        apps: [
          {
            supportedAppId: 'instagram',
            budget: 10,
            domains: ['instagram.com'],
            week: week(DAY - 10, 40, 300),
          },
        ],
      });
      await report(sam, {
        userDay: DAY,
        apps: [
          {
            supportedAppId: 'instagram',
            budget: 10,
            domains: ['Instagram.com', 'www.instagram.com', 'instagram.com'],
            week: week(DAY - 3, 14, 95),
          },
          { name: 'Duolingo', budget: 5, week: week(DAY - 3, 2, 12) },
        ],
      });

      const apps = await fetchApps(sam, DAY);
      expect(apps).toEqual([
        {
          id: expect.any(String),
          supportedAppId: 'instagram',
          name: null,
          budget: 10,
          domains: ['instagram.com', 'www.instagram.com'],
          currentWeekSessions: [
            { totalAppOpens: 14, totalMinutesUsed: 95 },
            { totalAppOpens: 40, totalMinutesUsed: 300 },
          ],
        },
        {
          id: expect.any(String),
          supportedAppId: null,
          name: 'Duolingo',
          budget: 5,
          domains: [],
          currentWeekSessions: [{ totalAppOpens: 2, totalMinutesUsed: 12 }],
        },
      ]);
    });

    it('reads a day in a week the phone has not reported as zero use, never as last week', async () => {
      const sam = await signUp(t.app);
      await report(sam, {
        userDay: DAY,
        apps: [{ supportedAppId: 'tiktok', budget: 4, week: week(DAY - 6, 30, 200) }],
      });
      const [nextWeek] = await fetchApps(sam, DAY + 1);
      expect(nextWeek?.currentWeekSessions).toEqual([
        { totalAppOpens: 0, totalMinutesUsed: 0 },
        { totalAppOpens: 30, totalMinutesUsed: 200 },
      ]);
      // Asking about a day before that week started leaves the week out.
      const [before] = await fetchApps(sam, DAY - 7);
      expect(before?.currentWeekSessions).toEqual([{ totalAppOpens: 0, totalMinutesUsed: 0 }]);
    });

    it("never shows another person's apps", async () => {
      const sam = await signUp(t.app);
      const alex = await signUp(t.app);
      await report(sam, {
        userDay: DAY,
        apps: [{ supportedAppId: 'reddit', budget: 3, week: week(DAY, 1, 1) }],
      });
      expect(await fetchApps(alex, DAY)).toEqual([]);
    });

    it('answers a missing or bad userDay with a readable 400, and no session with 401', async () => {
      const sam = await signUp(t.app);
      for (const query of [undefined, { userDay: 'now' }]) {
        const failure = failureOf(await call(t.app, 'fetchApps', query, { token: sam.token }));
        expect(failure).toMatchObject({ status: 400, error: expect.stringContaining('userDay') });
      }
      expect((await call(t.app, 'fetchApps', { userDay: DAY })).statusCode).toBe(401);
    });
  });
});
