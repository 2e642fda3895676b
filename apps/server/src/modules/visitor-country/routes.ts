import { endpoints } from '@stillpoint/core';
import type { FastifyInstance } from 'fastify';
import { DEV_COUNTRY_HEADER } from '../../config';
import { registerEndpoint } from '../../http/endpoint';
import { rateLimits } from '../../http/rate-limit';
import { type VisitorCountryDependencies, visitorCountry } from './service';

/** A visitor's country rarely changes within the hour; private, since it is about this visitor. */
const CACHE_CONTROL = 'private, max-age=3600';

export function registerVisitorCountryRoutes(app: FastifyInstance, deps: VisitorCountryDependencies): void {
  registerEndpoint(
    app,
    endpoints.getVisitorCountry,
    async ({ request, reply }) => {
      const answer = await visitorCountry(deps, { ip: request.ip, headers: request.headers });
      reply.header('cache-control', CACHE_CONTROL);
      // Where the dev header counts, a browser must not answer one country's request from another's.
      if (deps.config.devHeader) reply.header('vary', DEV_COUNTRY_HEADER);
      return answer;
    },
    { rateLimit: rateLimits.visitorCountry },
  );
}
