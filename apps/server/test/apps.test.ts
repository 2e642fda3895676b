import { userDay, utcUserDay } from '@stillpoint/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callOk, failureOf, type Person, signUp } from './support/api';
import { createTestApp, type TestApp } from './support/app';

const DAY = 20_104;
// 2026-01-04, the last day of a Monday-to-Sunday week.
const SUNDAY = 20_457;

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
  const day = (userDay: number, appOpens: number, minutesUsed: number) => ({
    userDay,
    appOpens,
    minutesUsed,
  });
  const use = (totalAppOpens: number, totalMinutesUsed: number) => ({ totalAppOpens, totalMinutesUsed });
  const NONE = use(0, 0);

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

    it('gives each app with its domains and seven days of use, the day asked for first', async () => {
      const sam = await signUp(t.app);
      // Two days ago, the phone reported that day; today it reports today and yesterday.
      await report(sam, {
        userDay: DAY - 2,
        apps: [{ supportedAppId: 'instagram', budget: 10, days: [day(DAY - 2, 7, 50)] }],
      });
      await report(sam, {
        userDay: DAY,
        apps: [
          {
            supportedAppId: 'instagram',
            budget: 10,
            domains: ['Instagram.com', 'www.instagram.com', 'instagram.com'],
            days: [day(DAY, 14, 95), day(DAY - 1, 9, 61)],
          },
          { name: 'Duolingo', budget: 5, days: [day(DAY, 2, 12), day(DAY - 6, 1, 5), day(DAY - 7, 8, 40)] },
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
          currentWeekSessions: [use(14, 95), use(9, 61), use(7, 50), NONE, NONE, NONE, NONE],
          legacyWeekTotal: null,
        },
        {
          id: expect.any(String),
          supportedAppId: null,
          name: 'Duolingo',
          budget: 5,
          domains: [],
          // A week ago (DAY - 7) is outside the seven days.
          currentWeekSessions: [use(2, 12), NONE, NONE, NONE, NONE, NONE, use(1, 5)],
          legacyWeekTotal: null,
        },
      ]);
    });

    it('reads a day the phone has not reported as zero use, never as the day before', async () => {
      const sam = await signUp(t.app);
      await report(sam, {
        userDay: DAY,
        apps: [{ supportedAppId: 'tiktok', budget: 4, days: [day(DAY, 30, 200)] }],
      });
      const [tomorrow] = await fetchApps(sam, DAY + 1);
      expect(tomorrow?.currentWeekSessions.slice(0, 2)).toEqual([NONE, use(30, 200)]);
      // Asking about an earlier day leaves later days out.
      const [before] = await fetchApps(sam, DAY - 1);
      expect(before?.currentWeekSessions).toEqual(Array(7).fill(NONE));
    });

    it('keeps [0] = today across a week boundary: Monday starts from zero, Sunday stays Sunday', async () => {
      const sam = await signUp(t.app);
      const tiktok = (userDay: number, days: object[]) =>
        report(sam, { userDay, apps: [{ supportedAppId: 'tiktok', budget: 10, days }] });
      await tiktok(SUNDAY, [day(SUNDAY, 15, 120), day(SUNDAY - 1, 6, 40)]);

      const [monday] = await fetchApps(sam, SUNDAY + 1);
      expect(monday?.currentWeekSessions.slice(0, 3)).toEqual([NONE, use(15, 120), use(6, 40)]);
      await tiktok(SUNDAY + 1, [day(SUNDAY + 1, 3, 20)]);
      const [later] = await fetchApps(sam, SUNDAY + 1);
      expect(later?.currentWeekSessions.slice(0, 3)).toEqual([use(3, 20), use(15, 120), use(6, 40)]);
    });

    it("answers the browser's local day, which late in the evening is not the UTC day", async () => {
      const sam = await signUp(t.app);
      // 02:00 UTC is 9 pm the evening before in New York (offset 300), where phone and browser are.
      const at = new Date(Date.UTC(2026, 2, 2, 2, 0));
      const evening = userDay(at, 300);
      expect(utcUserDay(at)).toBe(evening + 1);
      await report(sam, {
        userDay: evening,
        timezoneOffsetMinutes: 300,
        apps: [{ supportedAppId: 'reddit', budget: 5, days: [day(evening, 7, 33)] }],
      });

      const [asked] = await fetchApps(sam, evening);
      expect(asked?.currentWeekSessions[0]).toEqual(use(7, 33));
      // A client in a zone already past midnight asks for the next day, which has no use yet.
      const [ahead] = await fetchApps(sam, utcUserDay(at));
      expect(ahead?.currentWeekSessions.slice(0, 2)).toEqual([NONE, use(7, 33)]);
    });

    it('shows a week total from an older phone build apart, only for its week and only without days', async () => {
      const sam = await signUp(t.app);
      await report(sam, {
        userDay: DAY,
        apps: [
          { supportedAppId: 'instagram', budget: 10, week: week(DAY - 3, 42, 190) },
          { supportedAppId: 'tiktok', budget: 4, week: week(DAY - 3, 20, 90), days: [day(DAY - 1, 5, 30)] },
        ],
      });
      const byId = async (userDay: number) =>
        new Map((await fetchApps(sam, userDay)).map((app) => [app.supportedAppId, app]));

      const apps = await byId(DAY);
      expect(apps.get('instagram')).toMatchObject({
        currentWeekSessions: Array(7).fill(NONE),
        legacyWeekTotal: week(DAY - 3, 42, 190),
      });
      // TikTok has a day of that week: its days are the figures, and the week total is not shown.
      expect(apps.get('tiktok')).toMatchObject({ legacyWeekTotal: null });
      expect(apps.get('tiktok')?.currentWeekSessions.slice(0, 2)).toEqual([NONE, use(5, 30)]);

      // Every day of the week answers it; the days around it do not.
      expect((await byId(DAY - 3)).get('instagram')?.legacyWeekTotal).toEqual(week(DAY - 3, 42, 190));
      expect((await byId(DAY + 3)).get('instagram')?.legacyWeekTotal).toEqual(week(DAY - 3, 42, 190));
      expect((await byId(DAY - 4)).get('instagram')?.legacyWeekTotal).toBeNull();
      expect((await byId(DAY + 4)).get('instagram')?.legacyWeekTotal).toBeNull();

      // Once the phone is updated and reports a day of that week, the days take over.
      await report(sam, {
        userDay: DAY,
        apps: [{ supportedAppId: 'instagram', budget: 10, days: [day(DAY, 4, 25)] }],
      });
      expect((await byId(DAY)).get('instagram')).toMatchObject({
        currentWeekSessions: [use(4, 25), NONE, NONE, NONE, NONE, NONE, NONE],
        legacyWeekTotal: null,
      });
    });

    it("never shows another person's apps or use", async () => {
      const sam = await signUp(t.app);
      const alex = await signUp(t.app);
      await report(sam, {
        userDay: DAY,
        apps: [{ supportedAppId: 'reddit', budget: 3, days: [day(DAY, 9, 40)], week: week(DAY - 10, 1, 1) }],
      });
      expect(await fetchApps(alex, DAY)).toEqual([]);

      await report(alex, {
        userDay: DAY,
        apps: [{ supportedAppId: 'reddit', budget: 3, days: [day(DAY, 1, 2)] }],
      });
      const [own] = await fetchApps(alex, DAY);
      expect(own?.currentWeekSessions[0]).toEqual(use(1, 2));
      expect((await fetchApps(sam, DAY))[0]?.currentWeekSessions[0]).toEqual(use(9, 40));
    });

    it('answers a missing or bad userDay with a readable 400, and no session with 401', async () => {
      const sam = await signUp(t.app);
      // A day past the last one used to reach the database's 32-bit day column and fail with a 500.
      for (const query of [undefined, { userDay: 'now' }, { userDay: '6000000000' }]) {
        const failure = failureOf(await call(t.app, 'fetchApps', query, { token: sam.token }));
        expect(failure).toMatchObject({ status: 400, error: expect.stringContaining('userDay') });
      }
      expect((await call(t.app, 'fetchApps', { userDay: DAY })).statusCode).toBe(401);
    });
  });
});
