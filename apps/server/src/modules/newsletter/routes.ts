import { endpoints } from '@stillpoint/core';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint';
import { rateLimits } from '../../http/rate-limit';
import { joinNewsletter, type NewsletterDependencies } from './service';

export function registerNewsletterRoutes(app: FastifyInstance, deps: NewsletterDependencies): void {
  registerEndpoint(app, endpoints.joinNewsletter, ({ body }) => joinNewsletter(deps, body), {
    rateLimit: rateLimits.newsletter,
  });
}
