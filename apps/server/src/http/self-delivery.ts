import type { FastifyInstance } from 'fastify';
import {
  PAYMENT_SIGNATURE_HEADER,
  PAYMENT_WEBHOOK_PATH,
  type WebhookDelivery,
} from '../integrations/payments/provider';

/**
 * How the local payment provider reaches this server's webhook: a real HTTP request to the
 * address the server listens on, as Stripe's would arrive, or, when nothing listens (tests
 * driving the app with inject), the same request injected. Either way the route, the raw-body
 * signature check and fulfilment run exactly as for Stripe.
 */
export function selfDelivery(app: FastifyInstance): WebhookDelivery {
  return async ({ payload, signature }) => {
    const headers = { 'content-type': 'application/json', [PAYMENT_SIGNATURE_HEADER]: signature };
    const address = app.server.listening ? app.server.address() : null;
    if (address && typeof address === 'object') {
      const host = address.family === 'IPv6' ? '[::1]' : '127.0.0.1';
      const response = await fetch(`http://${host}:${address.port}${PAYMENT_WEBHOOK_PATH}`, {
        method: 'POST',
        headers,
        body: payload,
        signal: AbortSignal.timeout(10_000),
      });
      return { status: response.status };
    }
    const response = await app.inject({ method: 'POST', url: PAYMENT_WEBHOOK_PATH, headers, payload });
    return { status: response.statusCode };
  };
}
