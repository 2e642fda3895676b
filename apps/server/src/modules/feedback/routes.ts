import { endpoints } from '@stillpoint/core';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint';
import { rateLimits } from '../../http/rate-limit';
import {
  type FeedbackDependencies,
  requestPurchaseRestore,
  sendFeedback,
  sendUninstallFeedback,
} from './service';

export function registerFeedbackRoutes(app: FastifyInstance, deps: FeedbackDependencies): void {
  registerEndpoint(
    app,
    endpoints.sendFeedback,
    ({ body, optionalUser }) => sendFeedback(deps, body, optionalUser),
    {
      rateLimit: rateLimits.feedback,
      optionalUser: true,
    },
  );
  registerEndpoint(
    app,
    endpoints.requestPurchaseRestore,
    ({ body, optionalUser }) => requestPurchaseRestore(deps, body, optionalUser),
    { rateLimit: rateLimits.purchaseRestore, optionalUser: true },
  );
  // The page after an uninstall: signed in to the web app or not, so the session is optional.
  registerEndpoint(
    app,
    endpoints.sendUninstallFeedback,
    ({ body, optionalUser }) => sendUninstallFeedback(deps, body, optionalUser),
    { rateLimit: rateLimits.uninstallFeedback, optionalUser: true },
  );
}
