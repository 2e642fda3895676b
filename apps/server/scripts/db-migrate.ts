// `npm run db:migrate`: brings the configured database (DATABASE_URL, or PGlite in DATA_DIR) up to
// date with this version's migrations, exactly as a starting server does (openDatabase; on
// PostgreSQL under the advisory lock that lets one migrator in at a time), and says what it applied.
// For operators who migrate before a release (docs/operations.md, "Migrate").
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { brand } from '@stillpoint/core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { ConfigError, loadConfig } from '../src/config';
import { type Database, type DatabaseTarget, openDatabase } from '../src/db/client';
import { acquireDataDirLock, DataDirInUseError } from '../src/db/data-dir-lock';
import { migrationsFolder } from '../src/db/handle';

/** Where drizzle records each applied migration, by its journal entry's `when` (created_at). */
const JOURNAL_TABLE = 'drizzle.__drizzle_migrations';

/** This version's migrations by the time drizzle records them with, in order: the ones it applies. */
function knownMigrations(): Map<string, string> {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number; tag: string }[];
  };
  return new Map(journal.entries.map((entry) => [String(entry.when), entry.tag]));
}

const journalQuery = `select created_at::text as created_at from ${JOURNAL_TABLE} order by created_at`;

/** What both pg's and PGlite's clients answer a query with. */
interface Queryable {
  query<Row>(text: string): Promise<{ rows: Row[] }>;
}

/** The migrations a client's database records; none when it was never migrated. */
async function recordedBy(client: Queryable): Promise<string[]> {
  const { rows } = await client.query<{ exists: boolean }>(
    `select to_regclass('${JOURNAL_TABLE}') is not null as exists`,
  );
  if (!rows[0]?.exists) return [];
  return (await client.query<{ created_at: string }>(journalQuery)).rows.map((row) => row.created_at);
}

/** The migrations recorded in a PostgreSQL database. */
async function recordedInPostgres(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await recordedBy(client as unknown as Queryable);
  } finally {
    await client.end();
  }
}

/** The same for a PGlite data directory, which this process must hold (one process at a time). */
async function recordedInPglite(dataDir: string): Promise<string[]> {
  if (!existsSync(dataDir)) return [];
  const client = new PGlite(dataDir);
  try {
    return await recordedBy(client);
  } finally {
    await client.close();
  }
}

async function recordedIn(db: Database): Promise<string[]> {
  const result = (await db.execute(sql.raw(journalQuery))) as unknown as { rows: { created_at: string }[] };
  return result.rows.map((row) => row.created_at);
}

/**
 * Migrates and returns what the journal held before and after. On PostgreSQL another migrator (an
 * instance starting meanwhile) may apply some of them instead; each is applied once either way.
 */
async function migrate(target: DatabaseTarget): Promise<{ before: string[]; after: string[] }> {
  // PGlite: held from the first read to the end, so no server starts in between.
  const release = target.kind === 'pglite' ? acquireDataDirLock(target.dataDir) : () => {};
  try {
    const before =
      target.kind === 'postgres'
        ? await recordedInPostgres(target.url)
        : await recordedInPglite(target.dataDir);
    const database = await openDatabase(target);
    try {
      return { before, after: await recordedIn(database.db) };
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
}

async function main(): Promise<void> {
  const { database: target } = loadConfig();
  const where =
    target.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${target.dataDir}`;
  console.log(`Migrating ${where}...`);
  const { before, after } = await migrate(target);

  const known = knownMigrations();
  const name = (createdAt: string) => known.get(createdAt) ?? `an unknown migration (${createdAt})`;
  const applied = after.filter((createdAt) => !before.includes(createdAt)).map(name);
  const newest = after.at(-1);
  const state = `${after.length} migrations, the newest ${newest ? name(newest) : 'none'}`;
  if (applied.length === 0) {
    console.log(`Nothing to apply: the database is up to date (${state}).`);
  } else {
    // Not "applied by this command": an instance starting meanwhile may have applied them.
    console.log(`${applied.length} ${applied.length === 1 ? 'migration was' : 'migrations were'} applied:`);
    for (const tag of applied) console.log(`  ${tag}`);
    console.log(`The database is up to date (${state}).`);
  }
  const unknown = after.filter((createdAt) => !known.has(createdAt)).length;
  if (unknown > 0) {
    console.log(
      `It also has ${unknown} ${unknown === 1 ? 'migration' : 'migrations'} this version does not know: a newer version migrated it.`,
    );
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else if (error instanceof DataDirInUseError) {
    console.error(
      `The database in ${error.dataDir} is in use by a running ${brand.name} process (pid ${error.holderPid}).\n` +
        'A server applies the migrations itself when it starts; to run db:migrate, stop it first.',
    );
  } else {
    const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
    console.error(`The migration failed: ${error instanceof Error ? error.message : String(error)}${cause}`);
  }
  process.exit(1);
});
