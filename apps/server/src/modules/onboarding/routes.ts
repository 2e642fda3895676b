import { endpoints } from '@stillpoint/core';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { registerEndpoint } from '../../http/endpoint';
import { saveFunnelAnswers } from './funnel-answers';
import { HDYH_OPTIONS } from './hdyh-options';
import { getAnswers, saveAnswers } from './service';

export function registerOnboardingRoutes(app: FastifyInstance, { db }: { db: Database }): void {
  registerEndpoint(app, endpoints.getNewOnboardingHDYHOptions, ({ reply }) => {
    // The list changes only with a release.
    reply.header('cache-control', 'public, max-age=3600');
    return { options: HDYH_OPTIONS };
  });
  registerEndpoint(app, endpoints.getOnboardingAnswers, ({ user }) => getAnswers(db, user.id));
  registerEndpoint(app, endpoints.updateOnboardingAnswers, ({ user, body }) =>
    saveAnswers(db, user.id, body),
  );
  registerEndpoint(app, endpoints.updateOnboardingParams, async ({ user, body }) => {
    await saveFunnelAnswers(db, user.id, body);
    return { ok: true as const };
  });
}
