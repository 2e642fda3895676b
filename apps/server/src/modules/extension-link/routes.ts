import { endpoints } from '@stillpoint/core';
import type { FastifyInstance } from 'fastify';
import type { Auth } from '../../auth';
import { sessionIdFromBearer } from '../../auth/session';
import type { Database } from '../../db/client';
import { unauthenticated } from '../../http/authenticate';
import { registerEndpoint } from '../../http/endpoint';
import { rateLimits } from '../../http/rate-limit';
import { createExchangeToken, exchangeToken } from './service';

export function registerExtensionLinkRoutes(app: FastifyInstance, deps: { db: Database; auth: Auth }): void {
  registerEndpoint(app, endpoints.createCustomFirebaseToken, async ({ user, request }) => {
    // The token lives only as long as the session asking for it (see createExchangeToken).
    const sessionId = await sessionIdFromBearer(deps.auth, request.headers.authorization);
    if (!sessionId) throw unauthenticated();
    return { token: await createExchangeToken(deps.db, user, sessionId) };
  });
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
