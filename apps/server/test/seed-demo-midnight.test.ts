import { DAY_MS, MINUTE_MS, userDay } from '@stillpoint/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN_PHONE_NUMBER, seedDemo } from '../src/demo/seed-demo';
import { callOk, signUp } from './support/api';
import { createTestApp, type TestApp, testConfig } from './support/app';
import { TEST_NUMBER } from './support/auth';

/** The time-zone offset (minutes, as Date#getTimezoneOffset) in which `now` is 00:02 local time. */
function offsetWhereItIsJustAfterMidnight(now: Date): number {
  const sinceUtcMidnight = now.getTime() % DAY_MS;
  const offset = Math.floor((sinceUtcMidnight - 2 * MINUTE_MS) / MINUTE_MS);
  const wrapped = ((offset % 1440) + 1440) % 1440;
  // The API accepts offsets from -840 to 840; a day earlier or later names the same local time.
  return wrapped > 840 ? wrapped - 1440 : wrapped;
}

describe('the demo data seeded just after midnight', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The demo admin signs in with the development code, as `npm run seed:demo` lets it.
    const { auth } = testConfig();
    t = await createTestApp({
      auth: {
        ...auth,
        testPhoneNumbers: new Map([...auth.testPhoneNumbers, [DEMO_ADMIN_PHONE_NUMBER, '123456']]),
      },
    });
  });
  afterAll(() => t.close());

  it('still has one session running and the others over, all today', async () => {
    const now = new Date();
    const timezoneOffsetMinutes = offsetWhereItIsJustAfterMidnight(now);
    const today = userDay(now, timezoneOffsetMinutes);
    // Sessions meant to have started 150, 95 and 35 minutes ago all move up to midnight, 2 minutes ago.
    expect(userDay(new Date(now.getTime() - 3 * MINUTE_MS), timezoneOffsetMinutes)).toBe(today - 1);

    await seedDemo(t.app, t.database.db, { now, timezoneOffsetMinutes });
    const person = await signUp(t.app, TEST_NUMBER);
    const sites = await callOk(
      t.app,
      'getBrowserSitesWithActiveAndTodaysSessions',
      { userDay: today },
      person.token,
    );
    expect(
      sites.map((site) => [site.siteOrigin, site.todaysSessions.length, site.activeSessions.length]),
    ).toEqual([
      ['https://www.youtube.com', 2, 1],
      ['https://www.reddit.com', 2, 0],
      ['https://news.ycombinator.com', 0, 0],
    ]);
  });
});
