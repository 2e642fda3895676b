import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { epochSeconds, utcUserDay } from '@stillpoint/core';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerBackupRequests } from '../src/db/backup';
import { type Database, type DatabaseHandle, openDatabase } from '../src/db/client';
import { call, callOk, signUp } from './support/api';
import { buildTestApp } from './support/app';
import { runServerScript } from './support/server-script';

/** Runs `npm run db:backup` / `db:restore`'s script as an operator would, on the given DATA_DIR. */
const runScript = (script: 'db-backup' | 'db-restore', dataRoot: string, args: string[]) =>
  // Only what the scripts read: always embedded PGlite, even when the suite runs on PostgreSQL.
  runServerScript(script, args, { APP_ENV: 'development', DATA_DIR: dataRoot });

/** The rows of a query; PGlite's and node-postgres's results both carry them as `rows`. */
const rowsOf = async <Row>(db: Database, query: SQL): Promise<Row[]> =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

/** Every table, the migration journal included, with its number of rows. */
async function rowCounts(db: Database): Promise<Record<string, number>> {
  const tables = await rowsOf<{ name: string }>(
    db,
    sql`select table_schema || '.' || table_name as name from information_schema.tables
        where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [schema, table] = name.split('.') as [string, string];
    const [row] = await rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.identifier(schema)}.${sql.identifier(table)}`,
    );
    counts[name] = row?.n ?? -1;
  }
  return counts;
}

/** A few rows compared field by field, not only counted. */
async function sampleRows(db: Database) {
  const rows = (query: SQL) => rowsOf<Record<string, unknown>>(db, query);
  return {
    people: await rows(sql`select id, phone_number, created_at from "user" order by id`),
    sites: await rows(sql`select * from browser_site order by id`),
    sessions: await rows(sql`select * from browser_site_session order by id`),
    feedback: await rows(sql`select * from feedback_message order by id`),
  };
}

const silentLog = { info: () => {}, error: () => {} };

describe('npm run db:backup and db:restore (PGlite)', () => {
  const dataRoot = mkdtempSync(path.join(tmpdir(), 'stillpoint-backup-'));
  const pgliteDir = path.join(dataRoot, 'pglite');
  const backupFile = path.join(dataRoot, 'backups', 'populated.tar.gz');
  let database: DatabaseHandle | null = null;
  let app: FastifyInstance | null = null;
  let stopAnswering = () => {};
  let countsAtBackup: Record<string, number>;
  let rowsAtBackup: Awaited<ReturnType<typeof sampleRows>>;

  const open = async () => {
    database = await openDatabase({ kind: 'pglite', dataDir: pgliteDir });
    app = await buildTestApp(database);
    // What the server does at start: this test process plays the running server.
    stopAnswering = answerBackupRequests(database, { kind: 'pglite', dataDir: pgliteDir }, silentLog);
    return { database, app };
  };
  const close = async () => {
    stopAnswering();
    await app?.close();
    await database?.close();
    app = null;
    database = null;
  };

  beforeAll(async () => {
    const server = await open();
    for (const [phone, sites] of [
      ['+14155550301', ['youtube.com', 'reddit.com']],
      ['+14155550302', ['news.ycombinator.com']],
    ] as const) {
      const person = await signUp(server.app, phone);
      for (const siteOrigin of sites) {
        const site = await callOk(server.app, 'addBrowserSite', { siteOrigin, budget: 3 }, person.token);
        const timeStarted = epochSeconds(new Date());
        await callOk(
          server.app,
          'startBrowserSiteSession',
          {
            id: randomUUID(),
            siteId: site.id,
            lengthInMilliseconds: 5 * 60_000,
            timeStarted,
            userDay: utcUserDay(new Date(timeStarted * 1000)),
          },
          person.token,
        );
      }
      const feedback = await call(
        server.app,
        'sendFeedback',
        { content: `Backups keep ${phone} safe`, location: 'web app feedback - home' },
        { token: person.token },
      );
      expect(feedback.statusCode).toBe(200);
    }
    countsAtBackup = await rowCounts(server.database.db);
    rowsAtBackup = await sampleRows(server.database.db);
  }, 120_000);
  afterAll(async () => {
    await close();
    rmSync(dataRoot, { recursive: true, force: true });
  });

  it('backs up while the server holds the database, by asking the server to write it', async () => {
    expect(countsAtBackup['public.browser_site']).toBe(3);
    expect(countsAtBackup['public.feedback_message']).toBe(2);

    const backup = await runScript('db-backup', dataRoot, [backupFile]);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain(
      `Backup written by the running server (pid ${process.pid}): ${backupFile}`,
    );
    expect(existsSync(backupFile)).toBe(true);
  }, 120_000);

  it('refuses to restore while the server holds the database, and changes nothing', async () => {
    const restore = await runScript('db-restore', dataRoot, [backupFile]);
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain(`in use by a running Stillpoint process (pid ${process.pid})`);
    expect(restore.stderr).toContain('stop the server first');
    expect(readdirSync(dataRoot).filter((name) => name.includes('before-restore'))).toEqual([]);
    const db = database?.db;
    if (!db) throw new Error('the database should still be open');
    expect(await rowCounts(db)).toEqual(countsAtBackup);
  }, 120_000);

  it('brings back every row after the database is wiped, keeping the wiped one aside', async () => {
    const db = database?.db;
    if (!db) throw new Error('the database should still be open');
    const tables = Object.keys(countsAtBackup).filter((name) => name.startsWith('public.'));
    await db.execute(sql.raw(`truncate ${tables.join(', ')} cascade`));
    expect((await rowCounts(db))['public.user']).toBe(0);
    await close();

    const restore = await runScript('db-restore', dataRoot, [backupFile]);
    expect(restore.code, restore.stderr).toBe(0);
    const [setAside] = readdirSync(dataRoot).filter((name) => name.startsWith('pglite.before-restore-'));
    expect(restore.stdout).toContain(`kept in ${path.join(dataRoot, setAside ?? '?')}`);

    const server = await open();
    expect(await rowCounts(server.database.db)).toEqual(countsAtBackup);
    expect(await sampleRows(server.database.db)).toEqual(rowsAtBackup);
    await close();
  }, 120_000);

  it('backs up a database no server holds by opening it itself', async () => {
    const backup = await runScript('db-backup', dataRoot, []);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).not.toContain('running server');
    const written = readdirSync(path.join(dataRoot, 'backups')).filter((name) => name.startsWith('pglite-'));
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/^pglite-\d{8}-\d{6}\.tar\.gz$/);
  }, 120_000);
});
