import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../../src/db/client';

/**
 * A fresh, migrated database per test file. Without DATABASE_URL it is an in-memory PGlite; with
 * it (CI's second run) a scratch PostgreSQL database is created and dropped, so files never share
 * rows and both engines run the very same suite.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return openDatabase({ kind: 'pglite', dataDir: 'memory://' });

  const name = `stillpoint_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await withAdmin(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** Which engine openTestDatabase opens in this run. */
export const testDatabaseKind = (): DatabaseHandle['driver']['kind'] =>
  process.env.DATABASE_URL ? 'postgres' : 'pglite';

/** CI's second run sets REDIS_URL so rate limits are shared through Redis; null otherwise. */
export const testRedisUrl = (): string | null => process.env.REDIS_URL ?? null;

export async function withAdmin<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
