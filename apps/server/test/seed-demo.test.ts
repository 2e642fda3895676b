import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { appUsageToday, isOverAppBudget, localUserDay, streakDays } from '@stillpoint/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { acquireDataDirLock } from '../src/db/data-dir-lock';
import { callOk, signUp } from './support/api';
import { buildTestApp } from './support/app';
import { TEST_NUMBER } from './support/auth';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

/** Runs `npm run seed:demo`'s script as a person would, against the given data directory. */
function runSeed(dataDir: string, env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/seed-demo.ts'], {
      cwd: serverDir,
      // Always embedded PGlite here, even when the suite itself runs on PostgreSQL.
      env: {
        ...process.env,
        APP_ENV: 'development',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        REDIS_URL: '',
        ...env,
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npm run seed:demo', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stillpoint-demo-'));
  const pgliteDir = path.join(dataDir, 'pglite');
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  describe('on a fresh data directory', () => {
    let first: Awaited<ReturnType<typeof runSeed>>;
    beforeAll(async () => {
      first = await runSeed(dataDir);
    }, 180_000);

    it('reports what it created and how to sign in', () => {
      expect(first.code, first.stderr).toBe(0);
      expect(first.stdout).toContain('Demo data ready: 3 sites, 6 phone apps');
      expect(first.stdout).toContain(
        'sign in at http://localhost:3000/signin with +1 555 555 0100 and code 123456',
      );
    });

    it('gives the test number a home page full of demo data, also after a second run', async () => {
      expect((await runSeed(dataDir)).code).toBe(0);

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
