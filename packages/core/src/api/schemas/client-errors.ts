import { z } from 'zod/mini';
import { defineEndpoint } from '../endpoint';
import { acknowledgedSchema } from './common';

/** What a browser sends when the web app meets an uncaught error or an unhandled rejection. */
export const reportClientErrorBodySchema = z.strictObject({
  kind: z.enum(['error', 'unhandledrejection'], { error: 'kind must be error or unhandledrejection' }),
  message: z
    .string({ error: 'message must be text' })
    .check(
      z.minLength(1, 'message is required'),
      z.maxLength(2000, 'message must be at most 2000 characters'),
    ),
  stack: z.optional(
    z
      .string({ error: 'stack must be text' })
      .check(z.maxLength(16_000, 'stack must be at most 16000 characters')),
  ),
  /** The page's path when it happened; the server drops any query string or fragment. */
  route: z
    .string({ error: 'route must be text' })
    .check(z.minLength(1, 'route is required'), z.maxLength(500, 'route must be at most 500 characters')),
  /** The web app's build. */
  release: z
    .string({ error: 'release must be text' })
    .check(z.minLength(1, 'release is required'), z.maxLength(100, 'release must be at most 100 characters')),
});
export type ReportClientErrorBody = z.input<typeof reportClientErrorBodySchema>;

export const clientErrorsEndpoints = {
  reportClientError: defineEndpoint({
    method: 'POST',
    path: '/reportClientError',
    summary:
      "An error in someone's browser, for the team: kept 30 days with tokens, codes and query strings removed, and rate limited.",
    auth: 'public',
    body: reportClientErrorBodySchema,
    bodyLimitBytes: 24 * 1024,
    response: acknowledgedSchema,
  }),
};
