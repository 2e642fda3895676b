import {
  endpoints,
  entitlementServiceParamsSchema,
  failureSchema,
  subscriberResponseSchema,
  successSchema,
} from '@stillpoint/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { bearerToken, matchesSecret } from '../../http/bearer-token';
import { registerEndpoint } from '../../http/endpoint';
import { recordAgreement, requireCurrentTerms } from '../agreements/service';
import { startFreeTrial } from './free-trial';
import { getSubscriber, getSubscriberOfKnownUser } from './service';

export interface EntitlementsDependencies {
  db: Database;
  config: Config;
}

/** SPEC §7 entitlement service path; `:userId` is the account id the mobile app signs in as. */
export const ENTITLEMENT_SERVICE_PATH = '/api/subscribers/:userId';

export function registerEntitlementsRoutes(
  app: FastifyInstance,
  { db, config }: EntitlementsDependencies,
): void {
  registerEndpoint(app, endpoints.getSubscriber, async ({ user }) => ({
    subscriber: await getSubscriber(db, user.id, new Date()),
  }));
  registerEndpoint(app, endpoints.startFreeTrial, async ({ user, body }) => {
    const termsVersion = body?.termsVersion;
    requireCurrentTerms(termsVersion);
    const now = new Date();
    const startedTrial = await startFreeTrial(db, user.id, now);
    // The no-card trial is once per person, so the person names it.
    if (startedTrial) {
      await recordAgreement(db, {
        termsVersion,
        userId: user.id,
        purchase: { kind: 'free_trial', ref: `free-trial:${user.id}` },
        at: now,
      });
    }
    return { startedTrial };
  });

  // Checked before the path is even read: without the key a caller learns nothing, not even
  // whether an id exists. No key configured refuses every call.
  const requireApiKey = async (request: FastifyRequest) => {
    if (!matchesSecret(bearerToken(request.headers.authorization), config.entitlementsApiKey)) {
      throw new AppError('UNAUTHENTICATED', 'A valid entitlement service API key is required.');
    }
  };
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: ENTITLEMENT_SERVICE_PATH,
    onRequest: requireApiKey,
    schema: {
      summary:
        "The SPEC §7 entitlement service: a user's subscriber object, for the mobile app and other back ends. " +
        'Send `Authorization: Bearer <ENTITLEMENTS_API_KEY>` (not a session token). 404 for an unknown user.',
      tags: ['entitlement service'],
      security: [{ bearer: [] }],
      params: entitlementServiceParamsSchema,
      response: { 200: successSchema(subscriberResponseSchema), 401: failureSchema, 404: failureSchema },
    },
    handler: async (request) => {
      const subscriber = await getSubscriberOfKnownUser(db, request.params.userId, new Date());
      if (!subscriber) throw notFound('That user');
      return { success: true as const, data: { subscriber } };
    },
  });
}
