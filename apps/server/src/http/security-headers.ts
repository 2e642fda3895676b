import type { ServerResponse } from 'node:http';
// reply.helmet()'s type, as @fastify/helmet declared it; web-app.ts calls it for a page's own policy.
import type {} from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

type Headers = [name: string, value: string | number | readonly string[]][];

/** The headers helmet sets for these options, worked out once by letting it write to a recorder. */
export function securityHeadersOf(options: HelmetOptions): Headers {
  const headers: Headers = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.push([name, value]);
      return recorder;
    },
    removeHeader() {},
  } as unknown as ServerResponse;
  helmet(options)({} as never, recorder, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Helmet's headers on every answer (CSP, HSTS, nosniff, frame and referrer policies…), computed once
 * at start: @fastify/helmet built a new helmet middleware, policy string included, on each request.
 * `reply.helmet(options)` still lets a page set its own policy (web-app.ts), over the app's.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = securityHeadersOf(options);
  // On the raw response, as helmet did: a page's reply.helmet() then replaces them there.
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
  function helmetWith(this: FastifyReply, overrides?: HelmetOptions): void {
    for (const [name, value] of securityHeadersOf(Object.assign({}, options, overrides) as HelmetOptions))
      this.raw.setHeader(name, value);
  }
  // Typed by @fastify/helmet as returning helmet's middleware; its result was never used.
  app.decorateReply('helmet', helmetWith as unknown as FastifyReply['helmet']);
}
