import {
  failureSchema,
  revenueCatWebhookBodySchema,
  successSchema,
  webhookReceiptSchema,
} from '@stillpoint/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { matchesSecret } from '../../http/bearer-token';
import { applyStorePurchaseEvent } from './service';

/** Where RevenueCat posts store-purchase events (set in its dashboard with the Authorization value). */
export const REVENUECAT_WEBHOOK_PATH = '/api/webhooks/revenuecat';

export function registerStorePurchasesRoutes(
  app: FastifyInstance,
  { db, config }: { db: Database; config: Config },
): void {
  // RevenueCat sends the configured Authorization value as is; it is checked before the body is
  // read, and an unconfigured value refuses every delivery.
  const requireAuthorization = async (request: FastifyRequest) => {
    if (!matchesSecret(request.headers.authorization, config.revenueCatWebhookAuth)) {
      throw new AppError('UNAUTHENTICATED', 'The webhook authorization is missing or wrong.');
    }
  };
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'POST',
    url: REVENUECAT_WEBHOOK_PATH,
    onRequest: requireAuthorization,
    schema: {
      summary:
        'Store purchases from the mobile app, in RevenueCat webhook format. Send the configured ' +
        'REVENUECAT_WEBHOOK_AUTH value as the Authorization header.',
      tags: ['webhooks'],
      body: revenueCatWebhookBodySchema,
      response: { 200: successSchema(webhookReceiptSchema), 400: failureSchema, 401: failureSchema },
    },
    handler: async (request) => {
      await applyStorePurchaseEvent(db, request.body.event, request.log);
      return { success: true as const, data: { received: true as const } };
    },
  });
}
