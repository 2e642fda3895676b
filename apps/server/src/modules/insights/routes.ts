import { endpoints } from '@stillpoint/core';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { registerEndpoint } from '../../http/endpoint';
import { rateLimits } from '../../http/rate-limit';
import { proofFiguresRateLimit } from './proof-figures';
import { getInsights, proofFiguresOf, reportInterceptOutcomes } from './service';

/** Shorter than the count's refresh, so a cache in between adds at most this much to its age. */
const PROOF_FIGURES_MAX_AGE_SECONDS = 300;

export function registerInsightsRoutes(
  app: FastifyInstance,
  { db, config }: { db: Database; config: Pick<Config, 'storeRating' | 'stores'> },
): void {
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
  const proofFigures = proofFiguresOf(db, config);
  registerEndpoint(
    app,
    endpoints.getProofFigures,
    async ({ reply }) => {
      const figures = await proofFigures();
      // The same for everyone: any cache may keep it a while.
      reply.header('cache-control', `public, max-age=${PROOF_FIGURES_MAX_AGE_SECONDS}`);
      return figures;
    },
    { rateLimit: proofFiguresRateLimit },
  );
}
