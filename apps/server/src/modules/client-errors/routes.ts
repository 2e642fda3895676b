import { endpoints } from '@stillpoint/core';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint';
import { clientErrorRateLimit } from './limits';
import { type ClientErrorsDependencies, reportClientError } from './service';

export function registerClientErrorsRoutes(app: FastifyInstance, deps: ClientErrorsDependencies): void {
  registerEndpoint(
    app,
    endpoints.reportClientError,
    ({ body, optionalUser, request }) =>
      reportClientError(deps, body, { user: optionalUser, userAgent: request.headers['user-agent'] }),
    { rateLimit: clientErrorRateLimit, optionalUser: true },
  );
}
