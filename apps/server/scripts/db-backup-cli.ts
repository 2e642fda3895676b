// What `db:backup` and `db:restore` share: reading the configuration and failing readably.
import { ConfigError, loadConfig } from '../src/config';

export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** The PGlite data directory the configuration names; PostgreSQL has its own tools. */
export function pgliteDataDir(): string {
  let database: ReturnType<typeof loadConfig>['database'];
  try {
    database = loadConfig().database;
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  if (database.kind === 'postgres') {
    fail(
      'DATABASE_URL names a PostgreSQL database, which is backed up with pg_dump and restored with ' +
        'pg_restore, as docs/operations.md describes.',
    );
  }
  return database.dataDir;
}
