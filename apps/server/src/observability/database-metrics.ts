import type { FastifyInstance } from 'fastify';
import { Gauge } from 'prom-client';
import type { DatabaseHandle } from '../db/client';
import type { Metrics } from './metrics';

/**
 * Times the app's queries; on PostgreSQL also reports the connection pool, whose waiting count
 * rising is the first sign the database cannot keep up. Several apps may share one database (tests
 * do), so each listens while it runs and stops when it closes.
 */
export function recordDatabaseMetrics(
  app: FastifyInstance,
  database: DatabaseHandle,
  metrics: Metrics,
): void {
  const stopTiming = database.onQuery((seconds) => metrics.databaseQueryDuration.observe(seconds));
  app.addHook('onClose', async () => stopTiming());
  if (database.driver.kind !== 'postgres') return;

  const registers = [metrics.registry];
  const poolGauge = (name: string, help: string, count: 'total' | 'idle' | 'waiting') =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        this.set(database.pool()?.[count] ?? 0);
      },
    });
  poolGauge('stillpoint_db_pool_connections', 'Open connections in the PostgreSQL pool.', 'total');
  poolGauge('stillpoint_db_pool_idle_connections', 'Open connections no query is using.', 'idle');
  poolGauge(
    'stillpoint_db_pool_waiting_queries',
    'Queries waiting for a connection because every one is in use.',
    'waiting',
  );
}
