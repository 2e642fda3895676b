import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { acquireDataDirLock } from './data-dir-lock';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type repos use; PGlite and node-postgres both satisfy it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Cheap round trip used by the readiness probe. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };

// In the bundle this file is dist/main.js and the build copies the SQL next to it.
const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Opens the database and brings its schema up to date with the one migration set both engines share. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  return target.kind === 'postgres' ? openPostgres(target.url) : openPglite(target.dataDir);
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const inMemory = dataDir.startsWith('memory://');
  const releaseLock = inMemory ? () => {} : acquireDataDirLock(dataDir);
  try {
    if (!inMemory) mkdirSync(dataDir, { recursive: true });
    const client = inMemory ? new PGlite() : new PGlite(dataDir);
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder });
    return {
      db,
      kind: 'pglite',
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: async () => {
        // PGlite checkpoints on close, so a clean shutdown leaves a consistent data directory.
        await client.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection can break (a database restart, a terminated backend). The pool drops it and
  // opens another when needed, but an 'error' event without a listener would end the process.
  pool.on('error', (error) => process.emitWarning(`A PostgreSQL connection was lost: ${error.message}`));
  await migrateWithLock(pool);
  const db = drizzlePg(pool, { schema });
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
}

/** Several server instances may start together; an advisory lock lets exactly one migrate at a time. */
async function migrateWithLock(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  const lockKey = 727_001;
  try {
    await client.query('select pg_advisory_lock($1)', [lockKey]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [lockKey]).catch(() => {});
    client.release();
  }
}
