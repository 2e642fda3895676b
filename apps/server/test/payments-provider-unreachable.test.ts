import { endpoints, TERMS_VERSION } from '@stillpoint/core';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client';
import { paymentCustomer, termsAgreement } from '../src/db/schema';
import { registerEndpoint } from '../src/http/endpoint';
import { registerErrorHandling } from '../src/http/errors';
import { responseSerializerCompiler } from '../src/http/response-serializer';
import { createStripeProvider } from '../src/integrations/payments/stripe/stripe-provider';
import { createSubscriptionCheckout, getPrice } from '../src/modules/payments/service';
import { testConfig } from './support/app';
import { openTestDatabase } from './support/database';
import { on, startFakeStripe } from './support/fake-stripe';
import { freePort } from './support/free-port';

const config = testConfig();
const person = { id: 'user_unreachable_stripe', email: null, phoneNumber: '+15555550142', name: null };
const UNAVAILABLE = {
  success: false,
  code: 'UNAVAILABLE',
  error: 'Payments are not available right now. Please try again.',
};

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
    // A plan's checkout for a signed-in person, whom this harness (no sign-in) names itself.
    registerEndpoint(
      app,
      { ...endpoints.createStripeCheckoutSessionForSubscription, auth: 'public' },
      ({ query }) => createSubscriptionCheckout(deps, person, query, new Date()),
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

  it("answers a plan's checkout with a 503 UNAVAILABLE, not a 500, and creates nothing", async () => {
    const query = new URLSearchParams({
      priceId: config.prices.annual,
      cancelPath: '/checkout',
      successPath: '/subscription',
      termsVersion: TERMS_VERSION,
    });
    const res = await app.inject({ url: `/api/createStripeCheckoutSessionForSubscription?${query}` });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual(UNAVAILABLE);
    // No customer saved, no agreement recorded: the person's next try starts as this one did.
    expect(await database.db.select().from(paymentCustomer)).toEqual([]);
    expect(await database.db.select().from(termsAgreement)).toEqual([]);
  }, 30_000);

  it('still answers a price id that is not ours with a 400, without asking Stripe', async () => {
    const res = await app.inject({ url: '/api/getStripePrice?priceId=price_1NotOneOfOurs' });
    expect(res.statusCode).toBe(400);
  });
});

/** The same adapter against a stand-in for Stripe that answers, but with its own failures. */
describe('payments while Stripe fails on its side', () => {
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;
  const providerFor = (port: number) =>
    createStripeProvider({
      secretKey: 'sk_test_failing',
      webhookSecret: 'whsec_failing',
      portalConfigurationId: null,
      sandbox: true,
      api: { host: '127.0.0.1', port, protocol: 'http' },
    });
  beforeAll(async () => {
    fake = await startFakeStripe();
  });
  afterAll(async () => fake.close());

  it('turns a 5xx or a 429 from Stripe into UNAVAILABLE, and leaves its refusals as they were', async () => {
    const provider = providerFor(fake.port);
    const customer = { email: null, userId: 'user_1' };
    const apiError = { error: { type: 'api_error', message: 'Something went wrong on our end.' } };
    fake.answer(on('POST', '/v1/customers', apiError, 500));
    await expect(provider.createCustomer(customer)).rejects.toMatchObject({
      code: 'UNAVAILABLE',
      message: UNAVAILABLE.error,
    });

    const tooMany = {
      error: { type: 'invalid_request_error', code: 'rate_limit', message: 'Too many requests.' },
    };
    fake.answer(on('POST', '/v1/customers', tooMany, 429));
    await expect(provider.createCustomer(customer)).rejects.toMatchObject({ code: 'UNAVAILABLE' });

    // A refusal is Stripe's answer to this request, not an outage: it stays what the SDK threw.
    const refused = { error: { type: 'invalid_request_error', message: 'Invalid email address.' } };
    fake.answer(on('POST', '/v1/customers', refused, 400));
    const error = await provider.createCustomer(customer).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toMatchObject({ code: 'UNAVAILABLE' });
    expect((error as Error).message).toBe('Invalid email address.');
  }, 60_000);
});
