import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * Whether a presented secret equals the configured one, in constant time: both are hashed first,
 * so neither the content nor the length of the secret leaks through the comparison's timing.
 * Nothing matches when no secret is configured.
 */
export function matchesSecret(presented: string | undefined, expected: string | null): boolean {
  if (expected === null || presented === undefined) return false;
  return timingSafeEqual(digest(presented), digest(expected));
}

/** The token of an `Authorization: Bearer <token>` header; undefined for any other scheme. */
export function bearerToken(authorization: string | undefined): string | undefined {
  const match = authorization?.match(/^Bearer\s+(.+)$/i);
  return match?.[1]?.trim();
}

/**
 * An onRequest hook for what only an operator reads (GET /metrics, /api/docs): a request without
 * `Authorization: Bearer <token>` is answered 401 with `refusal` as plain text, before anything else.
 */
export function requireBearerToken(token: string, refusal: string) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (matchesSecret(bearerToken(request.headers.authorization), token)) return;
    return reply
      .status(401)
      .header('www-authenticate', 'Bearer')
      .type('text/plain; charset=utf-8')
      .send(refusal);
  };
}
