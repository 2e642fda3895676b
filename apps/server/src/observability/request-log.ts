import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

type LogMethod = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/**
 * A logger for the services the app is built from: while a request is served it writes through
 * that request's logger, so every line carries the request's id (`reqId`), including lines from
 * deep inside a library callback (Better Auth's) and from work the request started in the
 * background; outside any request it is the app's own logger. Plain methods rather than a Proxy:
 * a log call costs one context lookup, not a bound function per property read.
 */
export function requestScopedLog(app: FastifyInstance): FastifyBaseLogger {
  const current = new AsyncLocalStorage<FastifyBaseLogger>();
  // Everything after this hook runs inside the context, body parsing included (Fastify carries it
  // across the body's stream events).
  app.addHook('onRequest', (request: FastifyRequest, _reply: FastifyReply, done: () => void) =>
    current.run(request.log, done),
  );

  const active = (): FastifyBaseLogger => current.getStore() ?? app.log;
  const writeThrough =
    (method: LogMethod) =>
    (...args: unknown[]): void =>
      (active()[method] as (...args: unknown[]) => void)(...args);
  return {
    get level() {
      return active().level;
    },
    set level(level: string) {
      app.log.level = level;
    },
    fatal: writeThrough('fatal'),
    error: writeThrough('error'),
    warn: writeThrough('warn'),
    info: writeThrough('info'),
    debug: writeThrough('debug'),
    trace: writeThrough('trace'),
    silent: writeThrough('silent'),
    child: (bindings, options) => active().child(bindings, options),
  };
}
