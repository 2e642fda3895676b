import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { attachDriver, type DatabaseHandle, migrationsFolder } from './handle';
import { type QueryTimings, queryTimings } from './query-timings';
import * as schema from './schema';

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

export async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection can break (a database restart, a terminated backend). The pool drops it and
  // opens another when needed, but an 'error' event without a listener would end the process.
  pool.on('error', (error) => process.emitWarning(`A PostgreSQL connection was lost: ${error.message}`));
  const timings = queryTimings();
  pool.on('connect', (client) => timePostgresQueries(client, timings));
  await migrateWithLock(pool);
  const db = drizzle(pool, { schema });
  return {
    db,
    driver: attachDriver(db, { kind: 'postgres', pool }),
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
    await migrate(drizzle(client, { schema }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [lockKey]).catch(() => {});
    client.release();
  }
}
