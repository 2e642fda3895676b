import { existsSync, mkdirSync, rmSync } from 'node:fs';
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
import { pgliteOptions } from './pglite-options';
import {
  bundledPgliteTemplate,
  checkTemplateMigrations,
  createDataDirFromTemplate,
  isEmptyDirectory,
} from './pglite-template';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type repos use; PGlite and node-postgres both satisfy it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Cheap round trip used by the readiness probe. */
  ping(): Promise<void>;
  /** Calls the listener with each query's duration in seconds, for the metrics; returns how to stop. */
  onQuery(listener: QueryListener): () => void;
  /** PostgreSQL's connection pool right now; null on PGlite, which has one connection and no pool. */
  pool(): PoolCounts | null;
  close(): Promise<void>;
}

export type QueryListener = (seconds: number) => void;

export interface PoolCounts {
  /** Open connections. */
  total: number;
  /** Open connections no query is using. */
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

export type DatabaseTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };

// In the bundle this file is in dist/ and the build copies the SQL next to it.
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export interface OpenOptions {
  /**
   * The empty, migrated PGlite database a new data directory starts from (decision 027); null
   * makes it the long way, with initdb and every migration. Default: the one the build wrote.
   */
  pgliteTemplate?: string | null;
  /** Told what an operator should know about this start, e.g. that the template could not be used. */
  onWarning?: (message: string) => void;
}

/** The listeners of one handle's query timings. */
function queryTimings() {
  const listeners = new Set<QueryListener>();
  /** Starts timing one query; the returned function reports it finished. */
  const start = (): (() => void) => {
    if (listeners.size === 0) return () => {};
    const started = performance.now();
    return () => {
      const seconds = (performance.now() - started) / 1000;
      for (const listener of listeners) listener(seconds);
    };
  };
  return {
    onQuery(listener: QueryListener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    start,
    /** Runs the query and reports how long it took, whether it succeeded or failed. */
    timed<T>(query: () => Promise<T>): Promise<T> {
      const finished = start();
      return query().finally(finished);
    },
  };
}

type QueryTimings = ReturnType<typeof queryTimings>;

/** Times PGlite's queries, those inside transactions included (they run on the transaction object). */
function timePgliteQueries(client: PGlite, timings: QueryTimings): void {
  const query = client.query.bind(client);
  client.query = ((...args: Parameters<PGlite['query']>) =>
    timings.timed(() => query(...args))) as PGlite['query'];
  const transaction = client.transaction.bind(client);
  client.transaction = ((callback: Parameters<PGlite['transaction']>[0]) =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      tx.query = ((...args: Parameters<typeof tx.query>) =>
        timings.timed(() => txQuery(...args))) as typeof tx.query;
      return callback(tx);
    })) as PGlite['transaction'];
}

/**
 * Times every query a pooled connection runs: the pool's own `query` and a transaction's both end
 * up there, the pool's with a callback and drizzle's with a promise.
 */
function timePostgresQueries(client: pg.PoolClient, timings: QueryTimings): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const finished = timings.start();
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      args[args.length - 1] = (...results: unknown[]) => {
        finished();
        return callback(...results);
      };
      return query(...args);
    }
    const result = query(...args);
    return result instanceof Promise ? result.finally(finished) : result;
  }) as typeof client.query;
}

/** Opens the database and brings its schema up to date with the one migration set both engines share. */
export async function openDatabase(
  target: DatabaseTarget,
  options: OpenOptions = {},
): Promise<DatabaseHandle> {
  return target.kind === 'postgres' ? openPostgres(target.url) : openPglite(target.dataDir, options);
}

/**
 * Starts PGlite on the data directory. A new one is made from the template when there is one; if
 * that fails, the operator is told and it is made the long way, so a damaged build still starts.
 */
async function startPglite(dataDir: string, options: OpenOptions): Promise<PGlite> {
  const template = options.pgliteTemplate === undefined ? bundledPgliteTemplate : options.pgliteTemplate;
  if (template && existsSync(template) && isEmptyDirectory(dataDir)) {
    let client: PGlite | null = null;
    try {
      createDataDirFromTemplate(dataDir, template);
      client = await PGlite.create(dataDir, pgliteOptions);
      await checkTemplateMigrations(client, migrationsFolder);
      return client;
    } catch (error) {
      await client?.close().catch(() => {});
      // Only the template's files are there: this very call made the directory from it.
      rmSync(dataDir, { recursive: true, force: true });
      options.onWarning?.(
        `The new database could not be made from the template (${(error as Error).message}); ` +
          'it was made with initdb and every migration instead, which takes longer.',
      );
    }
  }
  mkdirSync(dataDir, { recursive: true });
  return PGlite.create(dataDir, pgliteOptions);
}

async function openPglite(dataDir: string, options: OpenOptions): Promise<DatabaseHandle> {
  const inMemory = dataDir.startsWith('memory://');
  const releaseLock = inMemory ? () => {} : acquireDataDirLock(dataDir);
  try {
    const client = inMemory ? await PGlite.create(pgliteOptions) : await startPglite(dataDir, options);
    const db = drizzlePglite(client, { schema });
    // Also on a copy of the template: it applies whatever migration is newer than the template.
    await migratePglite(db, { migrationsFolder });
    const timings = queryTimings();
    timePgliteQueries(client, timings);
    return {
      db,
      kind: 'pglite',
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      onQuery: timings.onQuery,
      pool: () => null,
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
  const timings = queryTimings();
  pool.on('connect', (client) => timePostgresQueries(client, timings));
  await migrateWithLock(pool);
  const db = drizzlePg(pool, { schema });
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await pool.query('select 1');
    },
    onQuery: timings.onQuery,
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
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
