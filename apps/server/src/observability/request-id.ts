import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** The header a request's id comes in (from a trusted proxy) and goes back out in. */
export const REQUEST_ID_HEADER = 'x-request-id';

// Short and plain, so whatever is sent cannot forge or break a log line.
const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * How a request's id is chosen. Behind a trusted proxy (TRUST_PROXY), the id the proxy sent when it
 * is a sane token, so the proxy's and the server's log lines of one request share it; otherwise a
 * new one always, since any client could send an id, and reuse another request's.
 */
export function requestIdOf(trustProxy: boolean): (request: IncomingMessage) => string {
  if (!trustProxy) return () => randomUUID();
  return (request) => {
    const offered = request.headers[REQUEST_ID_HEADER];
    return typeof offered === 'string' && SANE_REQUEST_ID.test(offered) ? offered : randomUUID();
  };
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
