import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { acquireDataDirLock } from './data-dir-lock';
import { attachDriver, type DatabaseHandle, migrationsFolder, type OpenOptions } from './handle';
import { pgliteOptions } from './pglite-options';
import {
  bundledPgliteTemplate,
  checkTemplateMigrations,
  createDataDirFromTemplate,
  isEmptyDirectory,
} from './pglite-template';
import { type QueryTimings, queryTimings } from './query-timings';
import * as schema from './schema';

/**
 * Times PGlite's queries, those inside transactions included (they run on the transaction object)
 * and the rows statements' (db/rows.ts), which run on the client's own `query`.
 */
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

export async function openPglite(dataDir: string, options: OpenOptions): Promise<DatabaseHandle> {
  const inMemory = dataDir.startsWith('memory://');
  const releaseLock = inMemory ? () => {} : acquireDataDirLock(dataDir);
  try {
    const client = inMemory ? await PGlite.create(pgliteOptions) : await startPglite(dataDir, options);
    const db = drizzle(client, { schema });
    // Also on a copy of the template: it applies whatever migration is newer than the template.
    await migrate(db, { migrationsFolder });
    const timings = queryTimings();
    timePgliteQueries(client, timings);
    return {
      db,
      driver: attachDriver(db, { kind: 'pglite', client }),
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
