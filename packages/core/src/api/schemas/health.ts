import { z } from 'zod';
import { defineEndpoint } from '../endpoint';

export const healthSchema = z.object({ status: z.literal('ok') });
export const readinessSchema = z.object({
  status: z.enum(['ready']),
  database: z.enum(['pglite', 'postgres']),
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
    summary: 'Readiness: the database answers.',
    auth: 'public',
    response: readinessSchema,
  }),
};
