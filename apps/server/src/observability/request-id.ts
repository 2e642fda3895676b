import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** The header a request's id comes in (from a proxy or a client) and goes back out in. */
export const REQUEST_ID_HEADER = 'x-request-id';

// Short and plain, so whatever a client sends cannot forge or break a log line.
const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The id a request is logged under: the one it brought when that is a sane token, else a new one. */
export function requestIdOf(request: IncomingMessage): string {
  const offered = request.headers[REQUEST_ID_HEADER];
  return typeof offered === 'string' && SANE_REQUEST_ID.test(offered) ? offered : randomUUID();
}

/**
 * Every answer names its request's id, so a person reporting a problem (or a proxy's log) can point
 * at the server's log lines. Set first thing, so refusals and errors carry it too.
 */
export function returnRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
