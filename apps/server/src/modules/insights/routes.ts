import { endpoints } from '@stillpoint/core';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { registerEndpoint } from '../../http/endpoint';
import { rateLimits } from '../../http/rate-limit';
import { getInsights, reportInterceptOutcomes } from './service';

export function registerInsightsRoutes(app: FastifyInstance, { db }: { db: Database }): void {
  registerEndpoint(
    app,
    endpoints.reportInterceptOutcomes,
    ({ user, body }) => reportInterceptOutcomes(db, user.id, body.outcomes, Date.now()),
    { rateLimit: rateLimits.interceptOutcomes },
  );
  registerEndpoint(
    app,
    endpoints.getInsights,
    ({ user, query }) => getInsights(db, user.id, query.userDay, Date.now()),
    { rateLimit: rateLimits.insights },
  );
}
