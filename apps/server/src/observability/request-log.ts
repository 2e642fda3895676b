import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * A logger for the services the app is built from: while a request is served it writes through
 * that request's logger, so every line carries the request's id (`reqId`), including lines from
 * deep inside a library callback (Better Auth's) and from work the request started in the
 * background; outside any request it is the app's own logger.
 */
export function requestScopedLog(app: FastifyInstance): FastifyBaseLogger {
  const current = new AsyncLocalStorage<FastifyBaseLogger>();
  // Everything after this hook runs inside the context, body parsing included (Fastify carries it
  // across the body's stream events).
  app.addHook('onRequest', (request: FastifyRequest, _reply: FastifyReply, done: () => void) =>
    current.run(request.log, done),
  );

  return new Proxy(app.log, {
    get(outside, property) {
      const log = current.getStore() ?? outside;
      const value: unknown = Reflect.get(log, property, log);
      return typeof value === 'function' ? value.bind(log) : value;
    },
  });
}
