import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { appUsageToday, isOverAppBudget, localUserDay, streakDays } from '@stillpoint/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { acquireDataDirLock } from '../src/db/data-dir-lock';
import { DEMO_ADMIN_PHONE_NUMBER } from '../src/demo/seed-demo';
import { callOk, signUp } from './support/api';
import { buildTestApp, testConfig } from './support/app';
import { sendOtp, sessionTokenOf, TEST_NUMBER, verifyOtp } from './support/auth';
import { runSeed, type SeedRun } from './support/seed-script';

describe('npm run seed:demo', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stillpoint-demo-'));
  const pgliteDir = path.join(dataDir, 'pglite');
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  describe('on a fresh data directory', () => {
    let first: SeedRun;
    beforeAll(async () => {
      // Not the default port, so a hard-coded address in the message would show.
      first = await runSeed(dataDir, { PORT: '4173' });
    }, 180_000);

    it('reports what it created and how to sign in at the port the server will use', () => {
      expect(first.code, first.stderr).toBe(0);
      expect(first.stdout).toContain('Demo data ready: 3 sites, 6 phone apps');
      expect(first.stdout).toContain(
        'sign in at http://localhost:4173/signin with +1 555 555 0100 and code 123456',
      );
      expect(first.stdout).not.toContain('localhost:3000');
      expect(first.stdout).toContain(
        'The support console: sign in at http://localhost:4173/signin with +1 555 555 0101 and code 123456, then open http://localhost:4173/admin',
      );
    });

    it('gives the test number a home page full of demo data, also after a second run', async () => {
      // A server behind its own address (PUBLIC_URL) is named by that address instead.
      const second = await runSeed(dataDir, { PUBLIC_URL: 'https://focus.example.test/' });
      expect(second.code, second.stderr).toBe(0);
      expect(second.stdout).toContain('sign in at https://focus.example.test/signin with +1 555 555 0100');

      const database: DatabaseHandle = await openDatabase({ kind: 'pglite', dataDir: pgliteDir });
      const app = await buildTestApp(database);
      try {
        // Signing in by phone finds the demo person, not a new account.
        const person = await signUp(app, TEST_NUMBER);
        const today = localUserDay(new Date());
        expect((await callOk(app, 'getUser', undefined, person.token)).phoneNumber).toBe(TEST_NUMBER);

        const sites = await callOk(
          app,
          'getBrowserSitesWithActiveAndTodaysSessions',
          { userDay: today },
          person.token,
        );
        expect(
          sites.map((site) => [site.siteOrigin, site.budget, site.active, site.todaysSessions.length]),
        ).toEqual([
          ['https://www.youtube.com', 3, true, 2],
          ['https://www.reddit.com', 2, true, 2],
          ['https://news.ycombinator.com', 1, false, 0],
        ]);
        expect(sites[0]?.activeSessions).toHaveLength(1);

        const settings = await callOk(app, 'getBrowserSiteSettings', undefined, person.token);
        expect(settings).toMatchObject({ youtubeFeedblocking: true, redditFeedblocking: false });

        const profile = await callOk(app, 'getProfileWeb', { userDay: today }, person.token);
        expect(profile.displayName).toBe('Jordan');
        expect(streakDays(profile.streakData.streakStarted, new Date())).toBe(12);
        expect(profile.mobileScreenTimeToday).toBe(137);

        const apps = await callOk(app, 'fetchApps', { userDay: today }, person.token);
        expect(apps).toHaveLength(6);
        const over = apps.filter((phoneApp) =>
          isOverAppBudget(appUsageToday(phoneApp).totalAppOpens, phoneApp.budget),
        );
        expect(over.map((phoneApp) => phoneApp.supportedAppId)).toEqual(['instagram']);
        expect(apps.every((phoneApp) => phoneApp.domains.length > 0)).toBe(true);
        // A week of use per day, today first; every app used on most days, none a week total.
        for (const phoneApp of apps) {
          expect(phoneApp.currentWeekSessions, phoneApp.supportedAppId ?? '').toHaveLength(7);
          expect(
            phoneApp.currentWeekSessions.filter((day) => day.totalAppOpens > 0).length,
          ).toBeGreaterThanOrEqual(5);
          expect(phoneApp.legacyWeekTotal).toBeNull();
        }
        expect(apps.find((phoneApp) => phoneApp.supportedAppId === 'instagram')?.currentWeekSessions).toEqual(
          [14, 9, 12, 8, 11, 7, 10].map((opens, back) => ({
            totalAppOpens: opens,
            totalMinutesUsed: [96, 62, 88, 51, 79, 44, 70][back],
          })),
        );

        // A week of pauses: some days turned back, one day without any, and today's sessions counted.
        const insights = await callOk(app, 'getInsights', { userDay: today }, person.token);
        expect(insights.days).toHaveLength(7);
        expect(insights.days.some((day) => day.figures === null)).toBe(true);
        expect(insights.total.attempts).toBeGreaterThan(insights.total.turnedBack);
        expect(insights.total.turnedBack).toBeGreaterThan(0);
        expect(insights.days.at(-1)?.figures?.sessions).toBe(4);

        // The demo admin, as development names it, finds the demo person by the number as typed.
        const adminApp = await buildTestApp(database, {
          admin: { userIds: new Set(), phoneNumbers: new Set([DEMO_ADMIN_PHONE_NUMBER]), emails: new Set() },
          auth: { ...testConfig().auth, testPhoneNumbers: new Map([[DEMO_ADMIN_PHONE_NUMBER, '123456']]) },
        });
        try {
          expect((await sendOtp(adminApp, DEMO_ADMIN_PHONE_NUMBER)).statusCode).toBe(200);
          const adminToken = sessionTokenOf(await verifyOtp(adminApp, DEMO_ADMIN_PHONE_NUMBER, '123456'));
          const found = await callOk(adminApp, 'adminFindPeople', { q: '+1 555 555 0100' }, adminToken);
          expect(found.people).toMatchObject([{ uid: person.uid, matchedBy: 'phone' }]);
        } finally {
          await adminApp.close();
        }
      } finally {
        await app.close();
        await database.close();
      }
    }, 240_000);
  });

  it('refuses to run in production', async () => {
    const result = await runSeed(dataDir, { APP_ENV: 'production' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('refuses to run with APP_ENV=production');
  }, 60_000);

  it('explains what to do when a server holds the data directory', async () => {
    const lockedDir = mkdtempSync(path.join(tmpdir(), 'stillpoint-demo-locked-'));
    // This test process plays the running server.
    const release = acquireDataDirLock(path.join(lockedDir, 'pglite'));
    try {
      const result = await runSeed(lockedDir);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`is in use by a running Stillpoint server (pid ${process.pid})`);
      expect(result.stderr).toContain('stop the server');
    } finally {
      release();
      rmSync(lockedDir, { recursive: true, force: true });
    }
  }, 60_000);
});
