import { endpoints } from '@stillpoint/core';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint';
import { rateLimits } from '../../http/rate-limit';
import { type AnalyticsDependencies, trackEvent } from './service';

export function registerAnalyticsRoutes(app: FastifyInstance, deps: AnalyticsDependencies): void {
  registerEndpoint(
    app,
    endpoints.trackAnalyticsEvent,
    ({ body, optionalUser }) => trackEvent(deps, body, optionalUser, Date.now()),
    { rateLimit: rateLimits.analytics, optionalUser: true },
  );
}
