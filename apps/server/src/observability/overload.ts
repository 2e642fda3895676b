import underPressure, { type FastifyUnderPressureOptions } from '@fastify/under-pressure';
import { type Failure, fail } from '@stillpoint/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OverloadConfig } from '../config';
import type { Metrics } from './metrics';
import { METRICS_PATH } from './metrics-route';

/** What a refused client is told to wait before trying again. */
export const OVERLOAD_RETRY_AFTER_SECONDS = 10;

/**
 * Answered even when overloaded: liveness, so an orchestrator does not restart a busy but working
 * process, and the metrics, which show why it is busy. Readiness is refused like the rest, so a
 * load balancer sends traffic to other instances for a while.
 */
const ALWAYS_ANSWERED = new Set(['/api/healthz', METRICS_PATH]);

/**
 * @fastify/under-pressure: while the event loop lags or the heap is nearly full, every other
 * request is answered at once with a 503 and Retry-After instead of waiting its turn and timing
 * out. Both are measured every `sampleIntervalMs`, so the server takes requests again by itself as
 * soon as the pressure is gone.
 */
export async function registerOverloadProtection(
  app: FastifyInstance,
  overload: OverloadConfig,
  metrics: Metrics,
): Promise<void> {
  // Nothing returned: the request is served as usual. A value returned is the answer, sent by the
  // plugin without running the request's other hooks (its types only admit the first case).
  const refuse = (request: FastifyRequest, reply: FastifyReply, type: string): Failure | undefined => {
    if (request.routeOptions.url !== undefined && ALWAYS_ANSWERED.has(request.routeOptions.url)) return;
    metrics.overloadRefusals.inc({ reason: type });
    reply.status(503).header('retry-after', String(OVERLOAD_RETRY_AFTER_SECONDS));
    return fail('UNAVAILABLE', 'The server is too busy right now. Please try again in a few seconds.');
  };
  await app.register(underPressure, {
    maxEventLoopDelay: overload.maxEventLoopDelayMs,
    maxHeapUsedBytes: overload.maxHeapUsedBytes,
    sampleInterval: overload.sampleIntervalMs,
    pressureHandler: refuse as unknown as FastifyUnderPressureOptions['pressureHandler'],
  });
}
