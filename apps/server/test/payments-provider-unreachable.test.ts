import { endpoints } from '@stillpoint/core';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client';
import { registerEndpoint } from '../src/http/endpoint';
import { registerErrorHandling } from '../src/http/errors';
import { responseSerializerCompiler } from '../src/http/response-serializer';
import { createStripeProvider } from '../src/integrations/payments/stripe/stripe-provider';
import { getPrice } from '../src/modules/payments/service';
import { testConfig } from './support/app';
import { openTestDatabase } from './support/database';
import { freePort } from './support/free-port';

const config = testConfig();

/**
 * getStripePrice with the real Stripe adapter pointed at a local port nothing listens on: every
 * request to Stripe fails as it does when Stripe cannot be reached (after the SDK's own retries).
 */
describe('payments while Stripe cannot be reached', () => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
    const provider = createStripeProvider({
      secretKey: 'sk_test_unreachable',
      webhookSecret: 'whsec_unreachable',
      portalConfigurationId: null,
      sandbox: true,
      api: { host: '127.0.0.1', port: await freePort(), protocol: 'http' },
    });
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(responseSerializerCompiler({ checkAgainstZod: true }));
    registerErrorHandling(app);
    // The call as payments/routes.ts registers it, on this provider (the app always builds its own).
    const deps = { db: database.db, config, provider };
    registerEndpoint(app, endpoints.getStripePrice, ({ query, request }) =>
      getPrice(deps, query.priceId, request.log),
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('answers getStripePrice with a 503 UNAVAILABLE, as the gift checkout does, not a 500', async () => {
    const res = await app.inject({ url: `/api/getStripePrice?priceId=${config.prices.annual}` });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      success: false,
      code: 'UNAVAILABLE',
      error: 'Prices are not available right now. Please try again.',
    });
  }, 30_000);

  it('still answers a price id that is not ours with a 400, without asking Stripe', async () => {
    const res = await app.inject({ url: '/api/getStripePrice?priceId=price_1NotOneOfOurs' });
    expect(res.statusCode).toBe(400);
  });
});
