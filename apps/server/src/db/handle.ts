import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Pool } from 'pg';
import type * as schema from './schema';

export type Schema = typeof schema;
/** The one database type repos use; PGlite and node-postgres both satisfy it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/**
 * The driver under the handle's Drizzle instance, for what runs on it directly: the hot reads'
 * rows statements (db/rows.ts) and PGlite's backups.
 */
export type DatabaseDriver = { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: Pool };

export interface DatabaseHandle {
  db: Database;
  driver: DatabaseDriver;
  /** Cheap round trip used by the readiness probe. */
  ping(): Promise<void>;
  /** Calls the listener with each query's duration in seconds, for the metrics; returns how to stop. */
  onQuery(listener: QueryListener): () => void;
  /** PostgreSQL's connection pool right now; null on PGlite, which has one connection and no pool. */
  pool(): PoolCounts | null;
  close(): Promise<void>;
}

const drivers = new WeakMap<Database, DatabaseDriver>();

/** Ties a driver to the Drizzle instance made over it, for `driverOf`; each engine's open calls it. */
export function attachDriver(db: Database, driver: DatabaseDriver): DatabaseDriver {
  drivers.set(db, driver);
  return driver;
}

/**
 * The driver under a Drizzle instance a handle was opened with; undefined for any other, a
 * transaction's among them. A rows statement is called with the Drizzle instance alone.
 */
export const driverOf = (db: Database): DatabaseDriver | undefined => drivers.get(db);

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
