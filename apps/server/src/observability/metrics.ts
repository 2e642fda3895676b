import { Counter, Histogram, Registry } from 'prom-client';

/** Seconds, from a fast in-memory answer to a slow outside call. */
const REQUEST_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/**
 * One app's metrics, in a registry of its own: tests build many apps in one process, and each must
 * count only its own requests. What describes the process as a whole is in process-metrics.ts.
 */
export function createMetrics() {
  const registry = new Registry();
  const registers = [registry];
  return {
    registry,
    httpRequests: new Counter({
      name: 'stillpoint_http_requests_total',
      help: 'Requests answered, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'] as const,
      registers,
    }),
    httpRequestDuration: new Histogram({
      name: 'stillpoint_http_request_duration_seconds',
      help: 'Time from receiving a request to answering it, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: REQUEST_SECONDS,
      registers,
    }),
    databaseQueryDuration: new Histogram({
      name: 'stillpoint_db_query_duration_seconds',
      help: 'Time each database query took, waiting for a connection included.',
      buckets: QUERY_SECONDS,
      registers,
    }),
    rateLimitRefusals: new Counter({
      name: 'stillpoint_rate_limit_refusals_total',
      help: 'Requests refused by a rate limit (429), by route pattern.',
      labelNames: ['route'] as const,
      registers,
    }),
    otpSends: new Counter({
      name: 'stillpoint_otp_sends_total',
      help: 'Sign-in codes handed to SMS delivery, by outcome: sent or failed.',
      labelNames: ['outcome'] as const,
      registers,
    }),
    paymentWebhooks: new Counter({
      name: 'stillpoint_payment_webhooks_total',
      help: 'Payment provider webhooks received, by outcome (fulfilled, duplicate, refused-signature, failed, …).',
      labelNames: ['outcome'] as const,
      registers,
    }),
    clientErrorReports: new Counter({
      name: 'stillpoint_client_error_reports_total',
      help: "Errors reported by people's browsers and stored, by kind: error or unhandledrejection.",
      labelNames: ['kind'] as const,
      registers,
    }),
    overloadRefusals: new Counter({
      name: 'stillpoint_overload_refusals_total',
      help: 'Requests refused with a 503 while the server was overloaded, by what was over its threshold.',
      labelNames: ['reason'] as const,
      registers,
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** A route's label: its pattern, never the URL (ids and query strings would make a series each). */
export const routeLabel = (request: { is404: boolean; routeOptions: { url?: string | undefined } }) =>
  request.is404 ? 'unmatched' : (request.routeOptions.url ?? 'unmatched');
