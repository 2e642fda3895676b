import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

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
