import { endpoints } from '@stillpoint/core';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/client';
import { AppError } from '../../errors';
import type { ForwardingJob } from '../../forwarding/job';
import { registerEndpoint } from '../../http/endpoint';
import { isShuttingDown } from '../../http/graceful-shutdown';

export function registerHealthRoutes(
  app: FastifyInstance,
  database: DatabaseHandle,
  forwarding: Pick<ForwardingJob, 'state'>,
): void {
  registerEndpoint(app, endpoints.healthz, () => ({ status: 'ok' as const }));

  // Failed forwards are reported, not a reason to leave the load balancer: the rows are stored and
  // the job keeps trying them. Likewise an unreachable Redis: the rate limits then hold per instance,
  // and the instance reports itself degraded. Once it is shutting down, it is unready at once: a load
  // balancer stops sending it requests while it still serves them (graceful-shutdown.ts).
  registerEndpoint(app, endpoints.readyz, async ({ request }) => {
    if (isShuttingDown(app)) throw new AppError('UNAVAILABLE', 'The server is shutting down.');
    const [databaseUp, redis] = await Promise.all([
      database.ping().then(
        () => true,
        (error: unknown) => {
          request.log.error({ err: error }, 'readiness: database ping failed');
          return false;
        },
      ),
      app.redisReadiness(),
    ]);
    if (!databaseUp) throw new AppError('UNAVAILABLE', 'The database is not reachable.');
    return {
      status: redis === 'unreachable' ? ('degraded' as const) : ('ready' as const),
      database: database.driver.kind,
      redis,
      forwarding: forwarding.state(),
      rateLimits: app.rateLimitStore(),
    };
  });
}
