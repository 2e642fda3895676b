import { endpoints } from '@stillpoint/core';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint';
import { rateLimits } from '../../http/rate-limit';
import { type AdEventsDependencies, trackAdEvent } from './service';

export function registerAdEventsRoutes(app: FastifyInstance, deps: AdEventsDependencies): void {
  registerEndpoint(
    app,
    endpoints.trackTikTokEvent,
    ({ body, optionalUser, request }) =>
      trackAdEvent(
        deps,
        body,
        optionalUser,
        { ip: request.ip, userAgent: request.headers['user-agent'] ?? null },
        Date.now(),
      ),
    { rateLimit: rateLimits.adEvents, optionalUser: true },
  );
}
