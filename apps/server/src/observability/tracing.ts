import { FastifyOtelInstrumentation } from '@fastify/otel';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { NodeSDK } from '@opentelemetry/sdk-node';
import type { FastifyInstance } from 'fastify';

/** The service's name in every trace. */
export const TRACED_SERVICE_NAME = 'stillpoint-server';

/**
 * OpenTelemetry traces of every request, sent over OTLP/HTTP to `endpoint` (OTEL_EXPORTER_OTLP_ENDPOINT;
 * docs/observability.md, "Sentry and OpenTelemetry"): a span per request and per hook and handler
 * (@fastify/otel, registered before any route), and the outgoing HTTP calls (payment provider, SMS,
 * forwarding). Loaded by app.ts only when configured. Spans still waiting are sent as the app closes.
 */
export async function registerTracing(app: FastifyInstance, endpoint: string): Promise<void> {
  const fastify = new FastifyOtelInstrumentation();
  const sdk = new NodeSDK({
    serviceName: TRACED_SERVICE_NAME,
    traceExporter: new OTLPTraceExporter({ url: new URL('v1/traces', withSlash(endpoint)).href }),
    // The two packages may resolve different versions of the instrumentation base; both are one interface.
    instrumentations: [new HttpInstrumentation(), fastify as unknown as HttpInstrumentation],
  });
  sdk.start();
  await app.register(fastify.plugin());
  app.addHook('onClose', () => sdk.shutdown());
}

const withSlash = (address: string) => (address.endsWith('/') ? address : `${address}/`);
