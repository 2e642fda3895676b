import type { FastifyInstance } from 'fastify';
import { Registry } from 'prom-client';
import { requireBearerToken } from '../http/bearer-token';
import type { Metrics } from './metrics';
import { processMetrics } from './process-metrics';

/** Where Prometheus scrapes; beside the API, not in it (no envelope, not in OpenAPI). */
export const METRICS_PATH = '/metrics';

/**
 * GET /metrics in Prometheus' text format: this app's metrics and the process's. With METRICS_TOKEN
 * it answers only `Authorization: Bearer <token>`; without it, it is open outside production and
 * does not exist in production, where it answers 404 rather than the web app's page.
 */
export function registerMetricsRoute(
  app: FastifyInstance,
  metrics: Metrics,
  access: { isProduction: boolean; token: string | null },
): void {
  const schema = { hide: true };
  const { token } = access;
  if (access.isProduction && token === null) {
    app.get(METRICS_PATH, { schema }, (_request, reply) =>
      reply.status(404).type('text/plain; charset=utf-8').send('Not found.'),
    );
    return;
  }
  const onRequest =
    token === null
      ? []
      : [
          requireBearerToken(
            token,
            'The metrics need their token: send it as Authorization: Bearer <METRICS_TOKEN>.',
          ),
        ];
  app.get(METRICS_PATH, { schema, onRequest }, async (_request, reply) => {
    const registry = Registry.merge([processMetrics(), metrics.registry]);
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
