import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

// Hashing first gives equal lengths, so the comparison takes the same time whatever was sent.
const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether an Authorization header is `Bearer <token>`, compared in constant time. */
export function presentsBearerToken(authorization: string | undefined, token: string): boolean {
  const bearer = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1];
  return bearer !== undefined && timingSafeEqual(digest(bearer), digest(token));
}

/**
 * An onRequest hook for what only an operator reads (GET /metrics, /api/docs): a request without
 * `Authorization: Bearer <token>` is answered 401 with `refusal` as plain text, before anything else.
 */
export function requireBearerToken(token: string, refusal: string) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (presentsBearerToken(request.headers.authorization, token)) return;
    return reply
      .status(401)
      .header('www-authenticate', 'Bearer')
      .type('text/plain; charset=utf-8')
      .send(refusal);
  };
}
