import { z } from 'zod/mini';
import { defineEndpoint } from '../endpoint';

export const healthSchema = z.object({ status: z.literal('ok') });
/** How forwarding one kind of stored row is going (docs/forwarding.md); nulls before the first run. */
export const forwardingKindStateSchema = z.object({
  lastRunAt: z.nullable(z.string()),
  pending: z.nullable(z.int()),
  givenUp: z.nullable(z.int()),
  lastError: z.nullable(z.string()),
});

export const readinessSchema = z.object({
  /**
   * Ready to serve either way; `degraded` while a part it can do without is down (Redis), so an
   * operator sees it without the load balancer taking the instance out.
   */
  status: z.enum(['ready', 'degraded']),
  database: z.enum(['pglite', 'postgres']),
  /**
   * Redis answered a PING within 100 ms (`ok`), did not (`unreachable`: degraded, the rate limits
   * hold per instance meanwhile), or no REDIS_URL is set (`not configured`).
   */
  redis: z.enum(['ok', 'unreachable', 'not configured']),
  /** Failing forwards do not make the server unready; they show here. */
  forwarding: z.object({
    intervalSeconds: z.int(),
    feedback: forwardingKindStateSchema,
    analytics: forwardingKindStateSchema,
    adEvents: forwardingKindStateSchema,
    /** Newsletter confirmation e-mails (docs/newsletter.md). */
    newsletter: forwardingKindStateSchema,
  }),
  /**
   * Where rate-limit counts are kept: shared through Redis, or in this process (no Redis configured,
   * or Redis unreachable: the limits then hold per instance). Degraded, not a reason to be unready.
   */
  rateLimits: z.optional(z.enum(['redis', 'in-process', 'in-process (redis unreachable)'])),
});

export const healthEndpoints = {
  healthz: defineEndpoint({
    method: 'GET',
    path: '/healthz',
    summary: 'Liveness: the process is up.',
    auth: 'public',
    response: healthSchema,
  }),
  readyz: defineEndpoint({
    method: 'GET',
    path: '/readyz',
    summary:
      'Readiness: the database answers and the server is not stopping (503 if not); also whether Redis answers and how forwarding to outside services is going.',
    auth: 'public',
    response: readinessSchema,
  }),
};
