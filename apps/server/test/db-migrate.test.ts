import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { runServerScript } from './support/server-script';

/** Each run starts a process of its own (tsx, then the database); a busy CI machine needs time. */
const RUNS_TIMEOUT_MS = 60_000;

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const migrations = (
  JSON.parse(readFileSync(path.join(serverDir, 'src/db/migrations/meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  }
).entries.map((entry) => entry.tag);

/** `npm run db:migrate` as an operator runs it, with this process's environment plus `env`. */
const runMigrate = (env: Record<string, string>) =>
  runServerScript('db-migrate', [], {
    // biome-ignore lint/style/noProcessEnv: the command is a process of its own; PATH and the like must reach it
    ...process.env,
    APP_ENV: 'development',
    DATABASE_URL: '',
    DATA_DIR: '',
    REDIS_URL: '',
    ...env,
  });

describe('npm run db:migrate on the embedded database', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'stillpoint-migrate-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it(
    'applies every migration to a new database and names them, then finds nothing to apply',
    async () => {
      const first = await runMigrate({ DATA_DIR: dataDir });
      expect(first.stderr).toBe('');
      expect(first.code).toBe(0);
      expect(first.stdout).toContain(`${migrations.length} migrations were applied:`);
      for (const tag of migrations) expect(first.stdout).toContain(`  ${tag}\n`);

      const again = await runMigrate({ DATA_DIR: dataDir });
      expect(again.code).toBe(0);
      expect(again.stdout).toContain(
        `Nothing to apply: the database is up to date (${migrations.length} migrations, the newest ${migrations.at(-1)}).`,
      );
    },
    RUNS_TIMEOUT_MS,
  );

  it(
    'refuses, saying why, while a server holds the data directory',
    async () => {
      const pgliteDir = path.join(dataDir, 'pglite');
      const server = await openDatabase({ kind: 'pglite', dataDir: pgliteDir });
      try {
        const run = await runMigrate({ DATA_DIR: dataDir });
        expect(run.code).toBe(1);
        expect(run.stderr).toContain(
          `The database in ${pgliteDir} is in use by a running Stillpoint process (pid ${process.pid}).`,
        );
        expect(run.stderr).toContain('stop it first');
      } finally {
        await server.close();
      }
    },
    RUNS_TIMEOUT_MS,
  );
});

// CI's second run names its PostgreSQL server here, as openTestDatabase reads it.
// biome-ignore lint/style/noProcessEnv: the scratch database is made on that server for the command to use
const adminUrl = process.env.DATABASE_URL;

describe.skipIf(!adminUrl)('npm run db:migrate on PostgreSQL', () => {
  const name = `stillpoint_migrate_${randomBytes(6).toString('hex')}`;
  const url = new URL(adminUrl ?? 'postgres://unused');
  url.pathname = `/${name}`;
  const admin = () => new pg.Client({ connectionString: adminUrl });

  beforeAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`create database ${name}`);
    await client.end();
  });
  afterAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  });

  it(
    'two runs started at once on an empty database both succeed, and each migration is applied once',
    async () => {
      const runs = await Promise.all([
        runMigrate({ DATABASE_URL: url.toString() }),
        runMigrate({ DATABASE_URL: url.toString() }),
      ]);
      for (const run of runs) {
        expect(run.stderr).toBe('');
        expect(run.code).toBe(0);
        expect(run.stdout).toContain(`up to date (${migrations.length} migrations`);
      }

      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        const { rows } = await client.query<{ recorded: number; distinct: number }>(
          'select count(*)::int as recorded, count(distinct created_at)::int as distinct from drizzle.__drizzle_migrations',
        );
        expect(rows[0]).toEqual({ recorded: migrations.length, distinct: migrations.length });
      } finally {
        await client.end();
      }
    },
    RUNS_TIMEOUT_MS,
  );
});
