import { epochSeconds, utcUserDay } from '@stillpoint/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setDisplayName } from '../src/modules/profile/service';
import { call, callOk, failureOf, signUp } from './support/api';
import { createTestApp, type TestApp } from './support/app';

describe('the home page profile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const report = (token: string, body: object) => callOk(t.app, 'reportMobileUsage', body, token);

  it('is empty for a new person: no name, no streak, no screen time', async () => {
    const sam = await signUp(t.app);
    await callOk(t.app, 'syncCurrentUser', {}, sam.token);
    expect(await callOk(t.app, 'getProfileWeb', undefined, sam.token)).toEqual({
      displayName: null,
      streakData: { streakStarted: null },
      mobileScreenTimeToday: 0,
    });
  });

  it("shows the display name, the streak start and the phone's screen time for the day asked", async () => {
    const sam = await signUp(t.app);
    await setDisplayName(
      t.database.db,
      { id: sam.uid, name: null, email: null, phoneNumber: null },
      'Samira',
    );
    const streakStarted = epochSeconds(new Date()) - 5 * 86_400;
    await report(sam.token, { userDay: 20_100, streakStarted, screenTimeMinutesToday: 95 });
    await report(sam.token, { userDay: 20_101, screenTimeMinutesToday: 12 });

    expect(await callOk(t.app, 'getProfileWeb', { userDay: 20_100 }, sam.token)).toEqual({
      displayName: 'Samira',
      streakData: { streakStarted },
      mobileScreenTimeToday: 95,
    });
    expect((await callOk(t.app, 'getProfileWeb', { userDay: 20_101 }, sam.token)).mobileScreenTimeToday).toBe(
      12,
    );
    expect((await callOk(t.app, 'getProfileWeb', { userDay: 20_102 }, sam.token)).mobileScreenTimeToday).toBe(
      0,
    );
  });

  it("uses the server's UTC day when no userDay is given", async () => {
    const sam = await signUp(t.app);
    await report(sam.token, { userDay: utcUserDay(new Date()), screenTimeMinutesToday: 44 });
    expect((await callOk(t.app, 'getProfileWeb', undefined, sam.token)).mobileScreenTimeToday).toBe(44);
  });

  it("never shows another person's screen time", async () => {
    const sam = await signUp(t.app);
    const alex = await signUp(t.app);
    await report(sam.token, { userDay: 20_300, screenTimeMinutesToday: 300 });
    expect(
      (await callOk(t.app, 'getProfileWeb', { userDay: 20_300 }, alex.token)).mobileScreenTimeToday,
    ).toBe(0);
  });

  it('answers a bad userDay with a readable 400, and no session with 401', async () => {
    const sam = await signUp(t.app);
    const failure = failureOf(
      await call(t.app, 'getProfileWeb', { userDay: 'yesterday' }, { token: sam.token }),
    );
    expect(failure).toMatchObject({
      status: 400,
      error: expect.stringContaining('userDay must be a whole number'),
    });
    // Past a 32-bit integer, the screen-time lookup used to fail in the database with a 500.
    const pastTheLastDay = await call(
      t.app,
      'getProfileWeb',
      { userDay: '9000000000' },
      { token: sam.token },
    );
    expect(failureOf(pastTheLastDay)).toMatchObject({
      status: 400,
      error: expect.stringContaining('userDay is past the last day there can be'),
    });
    expect((await call(t.app, 'getProfileWeb')).statusCode).toBe(401);
  });
});
