import { endpoints, failureSchema, successSchema, webhookReceiptSchema } from '@stillpoint/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import { registerEndpoint } from '../../http/endpoint';
import type { EmailSender } from '../../integrations/email';
import {
  PAYMENT_SIGNATURE_HEADER,
  PAYMENT_WEBHOOK_PATH,
  type VerifiedPaymentEvent,
  WebhookSignatureError,
} from '../../integrations/payments/provider';
import { type FulfilmentOutcome, fulfilPaymentEvent } from './fulfilment';
import { getPurchaseSummary } from './purchase-summary';
import {
  createCustomer,
  createSubscriptionCheckout,
  createSubscriptionIntent,
  getCheckoutTerms,
  getCustomer,
  getPrice,
  type PaymentsDependencies,
  paymentConfig,
} from './service';

/** Stripe's events are a few kilobytes; this leaves room without inviting large bodies. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

// Creating a customer from an e-mail needs no sign-in and costs a call to the provider.
const createCustomerRateLimit = { max: 20, timeWindow: '10 minutes' };

/** What became of one webhook delivery: fulfilment's outcome, or refused before it, or failed in it. */
export type PaymentWebhookOutcome = FulfilmentOutcome | 'refused-signature' | 'failed';

/**
 * The webhook's fulfilment also sends a gift buyer's confirmation e-mail; each delivery's outcome
 * is reported (the metrics count them).
 */
type PaymentsRouteDependencies = PaymentsDependencies & {
  email: EmailSender;
  countWebhook: (outcome: PaymentWebhookOutcome) => void;
};

export function registerPaymentsRoutes(app: FastifyInstance, deps: PaymentsRouteDependencies): void {
  registerEndpoint(app, endpoints.getPaymentConfig, () => paymentConfig(deps));
  registerEndpoint(app, endpoints.getStripePrice, ({ query, request }) =>
    getPrice(deps, query.priceId, request.log),
  );
  registerEndpoint(app, endpoints.createStripeCheckoutSessionForSubscription, ({ user, query }) =>
    createSubscriptionCheckout(deps, user, query, new Date()),
  );
  registerEndpoint(app, endpoints.getStripeCustomer, ({ user, body }) =>
    getCustomer(deps, user, body.userId),
  );
  registerEndpoint(
    app,
    endpoints.createStripeCustomer,
    ({ optionalUser, body }) => createCustomer(deps, optionalUser, body),
    { optionalUser: true, rateLimit: createCustomerRateLimit },
  );
  registerEndpoint(app, endpoints.getStripeSubscriptionIntent, ({ user, body }) =>
    createSubscriptionIntent(deps, user, body, new Date()),
  );
  registerEndpoint(app, endpoints.getCheckoutTerms, ({ user, query, request }) =>
    getCheckoutTerms(deps, user, query.priceId, new Date(), request.log),
  );
  registerEndpoint(app, endpoints.getPurchaseSummary, ({ user, request }) =>
    getPurchaseSummary(deps, user.id, new Date(), request.log),
  );
  app.register(async (scope) => registerPaymentWebhook(scope, deps));
}

/**
 * POST /api/webhooks/payments, where both providers deliver. The signature covers the exact
 * bytes sent, so inside this plugin's scope (and nowhere else) bodies are kept as the raw string
 * instead of parsed JSON; verifyWebhook checks it and parses it itself.
 */
function registerPaymentWebhook(scope: FastifyInstance, deps: PaymentsRouteDependencies): void {
  const keepRaw = (_request: unknown, body: string | Buffer, done: (error: null, body: string) => void) =>
    done(null, typeof body === 'string' ? body : body.toString('utf8'));
  scope.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT },
    keepRaw,
  );
  // Anything else still reaches the signature check, which refuses it with a readable 400.
  scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT }, keepRaw);

  scope.withTypeProvider<ZodTypeProvider>().route({
    method: 'POST',
    url: PAYMENT_WEBHOOK_PATH,
    schema: {
      summary:
        'Where the payment provider (Stripe, or the local test provider) delivers its signed events. ' +
        `Verified with the ${PAYMENT_SIGNATURE_HEADER} header on the raw body; a bad signature is a 400.`,
      tags: ['webhooks'],
      response: { 200: successSchema(webhookReceiptSchema), 400: failureSchema },
    },
    handler: async (request) => {
      const header = request.headers[PAYMENT_SIGNATURE_HEADER];
      const raw = typeof request.body === 'string' ? request.body : '';
      let event: VerifiedPaymentEvent;
      try {
        event = await deps.provider.verifyWebhook(raw, typeof header === 'string' ? header : undefined);
      } catch (error) {
        if (error instanceof WebhookSignatureError) {
          deps.countWebhook('refused-signature');
          request.log.warn({ reason: error.message }, 'payment webhook refused: bad signature');
          throw new AppError('BAD_REQUEST', 'The webhook signature could not be verified.');
        }
        deps.countWebhook('failed');
        throw error;
      }
      const outcome = await fulfilPaymentEvent({ ...deps, log: request.log }, event).catch(
        (error: unknown) => {
          deps.countWebhook('failed');
          throw error;
        },
      );
      deps.countWebhook(outcome);
      request.log.info({ eventId: event.id, type: event.type, outcome }, 'payment webhook handled');
      return { success: true as const, data: { received: true as const } };
    },
  });
}
