import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Registry } from 'prom-client';
import type { Metrics } from './metrics';
import { processMetrics } from './process-metrics';

/** Where Prometheus scrapes; beside the API, not in it (no envelope, not in OpenAPI). */
export const METRICS_PATH = '/metrics';

// Hashing first gives equal lengths, so the comparison takes the same time whatever was sent.
const digest = (value: string) => createHash('sha256').update(value).digest();

const presentsToken = (authorization: string | undefined, token: string): boolean => {
  const bearer = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1];
  return bearer !== undefined && timingSafeEqual(digest(bearer), digest(token));
};

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
  app.get(METRICS_PATH, { schema }, async (request, reply) => {
    if (token !== null && !presentsToken(request.headers.authorization, token)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .type('text/plain; charset=utf-8')
        .send('The metrics need their token: send it as Authorization: Bearer <METRICS_TOKEN>.');
    }
    const registry = Registry.merge([processMetrics(), metrics.registry]);
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
