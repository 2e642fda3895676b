import { endpoints } from '@stillpoint/core';
import type { FastifyInstance } from 'fastify';
import type { Auth } from '../../auth';
import type { Database } from '../../db/client';
import { registerEndpoint } from '../../http/endpoint';
import { rateLimits } from '../../http/rate-limit';
import { createExchangeToken, exchangeToken } from './service';

export function registerExtensionLinkRoutes(app: FastifyInstance, deps: { db: Database; auth: Auth }): void {
  registerEndpoint(app, endpoints.createCustomFirebaseToken, async ({ user }) => ({
    token: await createExchangeToken(deps.db, user),
  }));
  registerEndpoint(
    app,
    endpoints.exchangeExtensionToken,
    ({ body, request }) =>
      exchangeToken(deps, body.token, {
        ipAddress: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      }),
    { rateLimit: rateLimits.extensionExchange },
  );
}
