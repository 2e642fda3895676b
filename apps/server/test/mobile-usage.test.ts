import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mobileApp, mobileAppDailyUsage, mobileAppWeeklyUsage, mobileScreenTime } from '../src/db/schema';
import { call, callOk, failureOf, type Person, signUp } from './support/api';
import { createTestApp, type TestApp } from './support/app';

const DAY = 20_210;

const today = (appOpens: number, minutesUsed: number) => ({ userDay: DAY, appOpens, minutesUsed });
/** Today's figures, and yesterday's (which a resend repeats as they were). */
const instagram = (opens: number, minutes: number) => ({
  supportedAppId: 'instagram',
  budget: 10,
  domains: ['instagram.com'],
  days: [today(opens, minutes), { userDay: DAY - 1, appOpens: 9, minutesUsed: 61 }],
});
const duolingo = (opens: number) => ({ name: 'Duolingo', budget: 5, days: [today(opens, opens * 3)] });

describe('the phone app reporting usage (reportMobileUsage)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const report = (person: Person, body: unknown) =>
    call(t.app, 'reportMobileUsage', body, { token: person.token });
  const fetchApps = (person: Person) => callOk(t.app, 'fetchApps', { userDay: DAY }, person.token);
  const profile = (person: Person) => callOk(t.app, 'getProfileWeb', { userDay: DAY }, person.token);
  const storedRows = async (person: Person) => {
    const apps = await t.database.db
      .select({ id: mobileApp.id })
      .from(mobileApp)
      .where(eq(mobileApp.userId, person.uid));
    const ids = apps.map((app) => app.id);
    const [days] =
      ids.length === 0
        ? [{ n: 0 }]
        : await t.database.db
            .select({ n: count() })
            .from(mobileAppDailyUsage)
            .where(inArray(mobileAppDailyUsage.mobileAppId, ids));
    const [weeks] =
      ids.length === 0
        ? [{ n: 0 }]
        : await t.database.db
            .select({ n: count() })
            .from(mobileAppWeeklyUsage)
            .where(inArray(mobileAppWeeklyUsage.mobileAppId, ids));
    const [screen] = await t.database.db
      .select({ n: count() })
      .from(mobileScreenTime)
      .where(eq(mobileScreenTime.userId, person.uid));
    return { apps: ids.length, days: days?.n, weeks: weeks?.n, screenTimeDays: screen?.n };
  };

  it('stores screen time, streak, and each app with its days; the home page calls then show them', async () => {
    const sam = await signUp(t.app);
    const res = await report(sam, {
      userDay: DAY,
      timezoneOffsetMinutes: 300,
      streakStarted: 1_745_000_000,
      screenTimeMinutesToday: 128,
      apps: [instagram(14, 95), duolingo(2)],
    });
    expect(res.json()).toEqual({ success: true, data: { ok: true, apps: 2 } });

    expect(await profile(sam)).toMatchObject({
      streakData: { streakStarted: 1_745_000_000 },
      mobileScreenTimeToday: 128,
    });
    const apps = await fetchApps(sam);
    expect(
      apps.map((app) => [app.supportedAppId ?? app.name, ...app.currentWeekSessions.slice(0, 2)]),
    ).toEqual([
      ['instagram', { totalAppOpens: 14, totalMinutesUsed: 95 }, { totalAppOpens: 9, totalMinutesUsed: 61 }],
      ['Duolingo', { totalAppOpens: 2, totalMinutesUsed: 6 }, { totalAppOpens: 0, totalMinutesUsed: 0 }],
    ]);
    expect(apps.map((app) => app.legacyWeekTotal)).toEqual([null, null]);
  });

  it('replaces what a resend says instead of adding it up', async () => {
    const sam = await signUp(t.app);
    const body = { userDay: DAY, screenTimeMinutesToday: 60, apps: [instagram(14, 95), duolingo(2)] };
    expect((await report(sam, body)).statusCode).toBe(200);
    expect((await report(sam, body)).statusCode).toBe(200);
    expect(await storedRows(sam)).toEqual({ apps: 2, days: 3, weeks: 0, screenTimeDays: 1 });

    // Later the same day: higher figures replace the earlier ones; yesterday, resent as it was, stays.
    await report(sam, { userDay: DAY, screenTimeMinutesToday: 75, apps: [instagram(20, 130), duolingo(2)] });
    expect(await storedRows(sam)).toEqual({ apps: 2, days: 3, weeks: 0, screenTimeDays: 1 });
    expect((await profile(sam)).mobileScreenTimeToday).toBe(75);
    expect((await fetchApps(sam))[0]?.currentWeekSessions.slice(0, 2)).toEqual([
      { totalAppOpens: 20, totalMinutesUsed: 130 },
      { totalAppOpens: 9, totalMinutesUsed: 61 },
    ]);

    // A day reported lower than before (the phone corrected its count) is taken as it is.
    await report(sam, { userDay: DAY, apps: [{ ...duolingo(0), days: [today(1, 4)] }] });
    expect((await fetchApps(sam))[0]?.currentWeekSessions[0]).toEqual({
      totalAppOpens: 1,
      totalMinutesUsed: 4,
    });
  });

  it('keeps days a report leaves out, so a report of today alone does not erase yesterday', async () => {
    const sam = await signUp(t.app);
    await report(sam, {
      userDay: DAY - 1,
      apps: [{ ...duolingo(0), days: [{ userDay: DAY - 1, appOpens: 6, minutesUsed: 20 }] }],
    });
    await report(sam, { userDay: DAY, apps: [duolingo(3)] });
    const [app] = await fetchApps(sam);
    expect(app?.currentWeekSessions.slice(0, 2)).toEqual([
      { totalAppOpens: 3, totalMinutesUsed: 9 },
      { totalAppOpens: 6, totalMinutesUsed: 20 },
    ]);
  });

  it('still takes the week form of older phone builds, as a week total shown apart', async () => {
    const sam = await signUp(t.app);
    const week = { weekStartUserDay: DAY - 2, totalAppOpens: 42, totalMinutesUsed: 190 };
    await report(sam, { userDay: DAY, apps: [{ name: 'Duolingo', budget: 5, week }] });
    await report(sam, {
      userDay: DAY,
      apps: [{ name: 'Duolingo', budget: 5, week: { ...week, totalAppOpens: 44 } }],
    });
    expect(await storedRows(sam)).toEqual({ apps: 1, days: 0, weeks: 1, screenTimeDays: 0 });
    const [app] = await fetchApps(sam);
    // Never today's opens: 44 in a week would be far over a budget of 5 a day.
    expect(app?.currentWeekSessions[0]).toEqual({ totalAppOpens: 0, totalMinutesUsed: 0 });
    expect(app?.legacyWeekTotal).toEqual({ ...week, totalAppOpens: 44 });

    // A build that sends both: the days are the figures, the week is kept but not shown.
    await report(sam, { userDay: DAY, apps: [{ ...duolingo(2), week }] });
    expect(await storedRows(sam)).toEqual({ apps: 1, days: 1, weeks: 1, screenTimeDays: 0 });
    const [both] = await fetchApps(sam);
    expect(both?.currentWeekSessions[0]).toEqual({ totalAppOpens: 2, totalMinutesUsed: 6 });
    expect(both?.legacyWeekTotal).toBeNull();
  });

  it('keeps one app per name whatever the case, and one per catalogue id', async () => {
    const sam = await signUp(t.app);
    await report(sam, { userDay: DAY, apps: [duolingo(1), instagram(1, 1)] });
    await report(sam, {
      userDay: DAY,
      apps: [
        { ...duolingo(4), name: 'DUOLINGO' },
        { ...instagram(2, 2), budget: 7 },
      ],
    });
    const apps = await fetchApps(sam);
    expect(apps.map((app) => [app.name, app.budget])).toEqual([
      ['DUOLINGO', 5],
      [null, 7],
    ]);
  });

  it('takes a sent app list as the whole list, and leaves the apps alone when none is sent', async () => {
    const sam = await signUp(t.app);
    await report(sam, { userDay: DAY, apps: [instagram(3, 3), duolingo(1)] });
    const onlyScreenTime = await report(sam, { userDay: DAY, screenTimeMinutesToday: 10 });
    expect(onlyScreenTime.json()).toMatchObject({ data: { apps: 2 } });
    expect(await fetchApps(sam)).toHaveLength(2);

    await report(sam, { userDay: DAY, apps: [duolingo(1)] });
    expect((await fetchApps(sam)).map((app) => app.name)).toEqual(['Duolingo']);
    await report(sam, { userDay: DAY, apps: [] });
    expect(await fetchApps(sam)).toEqual([]);
  });

  it('applies simultaneous reports one after another, without duplicates', async () => {
    const sam = await signUp(t.app);
    await callOk(t.app, 'syncCurrentUser', {}, sam.token);
    const body = { userDay: DAY, apps: [instagram(5, 5), duolingo(5)] };
    const answers = await Promise.all(Array.from({ length: 8 }, () => report(sam, body)));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(8).fill(200));
    expect(await storedRows(sam)).toEqual({ apps: 2, days: 3, weeks: 0, screenTimeDays: 0 });
  });

  it('refuses an unknown supportedAppId with a 400 naming it, and stores nothing of that report', async () => {
    const sam = await signUp(t.app);
    const res = await report(sam, {
      userDay: DAY,
      screenTimeMinutesToday: 50,
      apps: [instagram(1, 1), { ...instagram(1, 1), supportedAppId: 'myspace' }],
    });
    expect(failureOf(res)).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
      error: expect.stringContaining('Unknown supportedAppId: myspace'),
    });
    expect(await storedRows(sam)).toEqual({ apps: 0, days: 0, weeks: 0, screenTimeDays: 0 });
  });

  const week = { weekStartUserDay: DAY, totalAppOpens: 1, totalMinutesUsed: 1 };
  const days = [today(1, 1)];
  const withDays = (...reported: object[]) => ({
    userDay: DAY,
    apps: [{ name: 'A', budget: 1, days: reported }],
  });
  it.each([
    ['no userDay', { apps: [] }, 'userDay'],
    // Day numbers are 32-bit integers in the database; this one used to fail there with a 500.
    ['a userDay past the last day there can be', { userDay: 2 ** 31 }, 'userDay is past the last day'],
    [
      'more screen time than a day has',
      { userDay: DAY, screenTimeMinutesToday: 1441 },
      'screenTimeMinutesToday can be at most 1440',
    ],
    [
      'a negative budget',
      { userDay: DAY, apps: [{ name: 'A', budget: -1, days }] },
      'budget must be 0 or more',
    ],
    [
      'a domain that is not a host name',
      { userDay: DAY, apps: [{ name: 'A', budget: 1, domains: ['not a host'], days }] },
      'domains must be host names',
    ],
    [
      'an app with neither id nor name',
      { userDay: DAY, apps: [{ budget: 1, days }] },
      'each app needs a supportedAppId or a name',
    ],
    [
      'the same app twice',
      {
        userDay: DAY,
        apps: [
          { name: 'A', budget: 1, days },
          { name: 'a', budget: 2, week },
        ],
      },
      'a is listed twice',
    ],
    [
      'an app with neither days nor week',
      { userDay: DAY, apps: [{ name: 'A', budget: 1 }] },
      'apps.0.days: each app needs its days (or, from older phone builds, its week)',
    ],
    [
      'the same day twice',
      withDays(today(1, 1), { userDay: DAY - 1, appOpens: 2, minutesUsed: 2 }, today(3, 3)),
      `apps.0.days.2.userDay: day ${DAY} is listed twice in days`,
    ],
    [
      "a day after the report's day",
      withDays(today(1, 1), { userDay: DAY + 1, appOpens: 2, minutesUsed: 2 }),
      'apps.0.days.1.userDay: days cannot be after userDay',
    ],
    [
      'more minutes than a day has',
      withDays({ userDay: DAY, appOpens: 1, minutesUsed: 1441 }),
      'apps.0.days.0.minutesUsed: minutesUsed can be at most 1440',
    ],
    [
      'more opens than a day can hold',
      withDays({ userDay: DAY, appOpens: 10_001, minutesUsed: 1 }),
      'appOpens can be at most 10000',
    ],
    ['an empty list of days', withDays(), 'days must list at least one day'],
    [
      'more than two weeks of days',
      withDays(
        ...Array.from({ length: 15 }, (_, back) => ({ userDay: DAY - back, appOpens: 1, minutesUsed: 1 })),
      ),
      'days can list at most 14 days',
    ],
    ['a day with an unknown field', withDays({ ...today(1, 1), pickups: 3 }), 'pickups'],
    [
      'a week starting after the day',
      { userDay: DAY, apps: [{ name: 'A', budget: 1, week: { ...week, weekStartUserDay: DAY + 1 } }] },
      'weekStartUserDay cannot be after userDay',
    ],
    [
      'more minutes than a week has',
      { userDay: DAY, apps: [{ name: 'A', budget: 1, week: { ...week, totalMinutesUsed: 10_081 } }] },
      'totalMinutesUsed can be at most 10080',
    ],
    [
      'an impossible time zone',
      { userDay: DAY, timezoneOffsetMinutes: 900 },
      'timezoneOffsetMinutes must be between -840 and 840',
    ],
    [
      'too many apps',
      { userDay: DAY, apps: Array.from({ length: 201 }, (_, i) => ({ name: `App ${i}`, budget: 1, days })) },
      'apps can list at most 200 apps',
    ],
    ['an unknown field', { userDay: DAY, battery: 80 }, 'battery'],
  ])(
    'answers a report with %s with a readable 400, and stores nothing of it',
    async (_case, body, mention) => {
      const sam = await signUp(t.app);
      const failure = failureOf(await report(sam, { screenTimeMinutesToday: 5, ...body }));
      expect(failure).toMatchObject({
        status: 400,
        code: 'BAD_REQUEST',
        error: expect.stringContaining(mention),
      });
      expect(await storedRows(sam)).toEqual({ apps: 0, days: 0, weeks: 0, screenTimeDays: 0 });
    },
  );

  it('needs a session', async () => {
    expect((await call(t.app, 'reportMobileUsage', { userDay: DAY })).statusCode).toBe(401);
  });
});
