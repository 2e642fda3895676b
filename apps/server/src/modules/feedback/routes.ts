import { endpoints } from '@stillpoint/core';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint';
import { rateLimits } from '../../http/rate-limit';
import { type FeedbackDependencies, requestPurchaseRestore, sendFeedback } from './service';

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
}
