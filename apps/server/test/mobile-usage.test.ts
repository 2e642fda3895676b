import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mobileApp, mobileAppWeeklyUsage, mobileScreenTime } from '../src/db/schema';
import { call, callOk, failureOf, type Person, signUp } from './support/api';
import { createTestApp, type TestApp } from './support/app';

const DAY = 20_210;

const instagram = (opens: number, minutes: number) => ({
  supportedAppId: 'instagram',
  budget: 10,
  domains: ['instagram.com'],
  week: { weekStartUserDay: DAY - 2, totalAppOpens: opens, totalMinutesUsed: minutes },
});
const duolingo = (opens: number) => ({
  name: 'Duolingo',
  budget: 5,
  week: { weekStartUserDay: DAY - 2, totalAppOpens: opens, totalMinutesUsed: opens * 3 },
});

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
    return { apps: ids.length, weeks: weeks?.n, screenTimeDays: screen?.n };
  };

  it('stores screen time, streak, and each app with its week; the home page calls then show them', async () => {
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
    expect(apps.map((app) => [app.supportedAppId ?? app.name, app.currentWeekSessions[0]])).toEqual([
      ['instagram', { totalAppOpens: 14, totalMinutesUsed: 95 }],
      ['Duolingo', { totalAppOpens: 2, totalMinutesUsed: 6 }],
    ]);
  });

  it('replaces what a resend says instead of adding it up', async () => {
    const sam = await signUp(t.app);
    const body = { userDay: DAY, screenTimeMinutesToday: 60, apps: [instagram(14, 95), duolingo(2)] };
    expect((await report(sam, body)).statusCode).toBe(200);
    expect((await report(sam, body)).statusCode).toBe(200);
    expect(await storedRows(sam)).toEqual({ apps: 2, weeks: 2, screenTimeDays: 1 });

    // Later the same day: higher totals replace the earlier ones.
    await report(sam, { userDay: DAY, screenTimeMinutesToday: 75, apps: [instagram(20, 130), duolingo(2)] });
    expect(await storedRows(sam)).toEqual({ apps: 2, weeks: 2, screenTimeDays: 1 });
    expect((await profile(sam)).mobileScreenTimeToday).toBe(75);
    expect((await fetchApps(sam))[0]?.currentWeekSessions[0]).toEqual({
      totalAppOpens: 20,
      totalMinutesUsed: 130,
    });
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
    expect(await storedRows(sam)).toEqual({ apps: 2, weeks: 2, screenTimeDays: 0 });
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
    expect(await storedRows(sam)).toEqual({ apps: 0, weeks: 0, screenTimeDays: 0 });
  });

  const week = { weekStartUserDay: DAY, totalAppOpens: 1, totalMinutesUsed: 1 };
  it.each([
    ['no userDay', { apps: [] }, 'userDay'],
    [
      'more screen time than a day has',
      { userDay: DAY, screenTimeMinutesToday: 1441 },
      'screenTimeMinutesToday can be at most 1440',
    ],
    [
      'a negative budget',
      { userDay: DAY, apps: [{ name: 'A', budget: -1, week }] },
      'budget must be 0 or more',
    ],
    [
      'a domain that is not a host name',
      { userDay: DAY, apps: [{ name: 'A', budget: 1, domains: ['not a host'], week }] },
      'domains must be host names',
    ],
    [
      'an app with neither id nor name',
      { userDay: DAY, apps: [{ budget: 1, week }] },
      'each app needs a supportedAppId or a name',
    ],
    [
      'the same app twice',
      {
        userDay: DAY,
        apps: [
          { name: 'A', budget: 1, week },
          { name: 'a', budget: 2, week },
        ],
      },
      'a is listed twice',
    ],
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
      { userDay: DAY, apps: Array.from({ length: 201 }, (_, i) => ({ name: `App ${i}`, budget: 1, week })) },
      'apps can list at most 200 apps',
    ],
    ['an unknown field', { userDay: DAY, battery: 80 }, 'battery'],
  ])('answers a report with %s with a readable 400', async (_case, body, mention) => {
    const sam = await signUp(t.app);
    const failure = failureOf(await report(sam, body));
    expect(failure).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
      error: expect.stringContaining(mention),
    });
  });

  it('needs a session', async () => {
    expect((await call(t.app, 'reportMobileUsage', { userDay: DAY })).statusCode).toBe(401);
  });
});
