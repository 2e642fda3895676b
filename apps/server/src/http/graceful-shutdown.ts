import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { trackConnections } from './connection-drain';

/** Apps that have begun to shut down: their GET /api/readyz answers 503. */
const shuttingDown = new WeakSet<FastifyInstance>();

/** Whether `app` has begun to shut down; GET /api/readyz then answers 503 without asking anything. */
export const isShuttingDown = (app: FastifyInstance): boolean => shuttingDown.has(app);

export interface ShutdownOptions {
  /**
   * How long the server keeps accepting and serving, not ready, before it stops listening
   * (SHUTDOWN_DELAY_MS): the time a load balancer needs to see the 503 and stop sending requests.
   */
  delayMs: number;
  /** Waits out the delay; a test passes a wait it ends itself. */
  waitOut?: (ms: number) => Promise<unknown>;
}

/**
 * The server's way out, prepared before it listens so that every connection is tracked. Closing the
 * listener at once resets the connections waiting in its accept queue, and a load balancer keeps
 * opening new ones until it learns the instance is leaving. So the returned function, called once
 * on SIGTERM (again, it returns the same shutdown):
 *
 * 1. makes GET /api/readyz answer 503 at once, so load balancers that check it stop routing here;
 * 2. keeps accepting and serving as before for `delayMs`;
 * 3. stops listening, so a proxy's new connections are refused and go to another instance, and
 *    drains the open connections (connection-drain.ts);
 * 4. closes the app: requests still running finish, the forwarding job stops, forwards already
 *    under way finish (background.ts), Redis closes.
 */
export function prepareShutdown(
  app: FastifyInstance,
  { delayMs, waitOut = sleep }: ShutdownOptions,
): (signal: string) => Promise<void> {
  const connections = trackConnections(app.server);
  let shutdown: Promise<void> | null = null;
  return (signal) => {
    shutdown ??= (async () => {
      shuttingDown.add(app);
      if (delayMs > 0) {
        app.log.info({ signal, delayMs }, `shutting down: not ready, serving ${delayMs} ms more`);
        await waitOut(delayMs);
      }
      // The listener closes as drain() starts, before its first wait.
      const draining = connections.drain();
      app.log.info({ signal }, 'shutting down: stopped listening, draining requests');
      await draining;
      await app.close();
    })();
    return shutdown;
  };
}
