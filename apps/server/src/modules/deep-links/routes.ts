import { endpoints } from '@stillpoint/core';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint';
import { rateLimits } from '../../http/rate-limit';
import {
  createDeepLink,
  DEEP_LINK_PATH,
  type DeepLinksDependencies,
  getDeepLink,
  linkDestination,
} from './service';

export function registerDeepLinksRoutes(app: FastifyInstance, deps: DeepLinksDependencies): void {
  registerEndpoint(app, endpoints.createDeepLink, ({ user, body }) => createDeepLink(deps, user, body), {
    rateLimit: rateLimits.deepLinkCreate,
  });
  registerEndpoint(app, endpoints.getDeepLink, ({ query }) => getDeepLink(deps, query.code), {
    rateLimit: rateLimits.deepLinkRead,
  });

  // GET /l/{code}: a plain redirect, not JSON. A wildcard rather than /l/:code, so /l/ and deeper
  // paths land here too (and go home) instead of falling through to the web app's index page.
  app.get<{ Params: { '*': string } }>(
    `${DEEP_LINK_PATH}/*`,
    { schema: { hide: true }, config: { rateLimit: rateLimits.deepLinkRead } },
    async (request, reply) => {
      const code = request.params['*'].replace(/\/+$/, '');
      const destination = await linkDestination(deps, code, request.headers['user-agent']);
      // The destination depends on the User-Agent, so no cache may keep one answer for everyone.
      return reply.header('cache-control', 'no-store').redirect(destination, 302);
    },
  );
}
