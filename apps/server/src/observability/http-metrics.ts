import type { FastifyInstance } from 'fastify';
import { type Metrics, routeLabel } from './metrics';

/** Counts and times every answer, whatever answered it: a route, an error, a refusal, a 404. */
export function recordHttpMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    const labels = { method: request.method, route: routeLabel(request), status: String(reply.statusCode) };
    metrics.httpRequests.inc(labels);
    metrics.httpRequestDuration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
}
