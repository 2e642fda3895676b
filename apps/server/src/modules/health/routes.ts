import { endpoints } from '@stillpoint/core';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/client';
import { AppError } from '../../errors';
import { registerEndpoint } from '../../http/endpoint';

export function registerHealthRoutes(app: FastifyInstance, database: DatabaseHandle): void {
  registerEndpoint(app, endpoints.healthz, () => ({ status: 'ok' as const }));

  registerEndpoint(app, endpoints.readyz, async ({ request }) => {
    try {
      await database.ping();
    } catch (error) {
      request.log.error({ err: error }, 'readiness: database ping failed');
      throw new AppError('UNAVAILABLE', 'The database is not reachable.');
    }
    return { status: 'ready' as const, database: database.kind };
  });
}
