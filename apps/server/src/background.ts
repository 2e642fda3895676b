import type { FastifyBaseLogger } from 'fastify';

/** Work that runs after the answer has gone out (forwarding to other services). */
export interface BackgroundTasks {
  /** Starts the task now; its failure is logged, never thrown at the caller. */
  run(description: string, task: () => Promise<void>): void;
  /** Waits for every task still running: the server calls it while shutting down. */
  drain(): Promise<void>;
}

export function createBackgroundTasks(log: FastifyBaseLogger): BackgroundTasks {
  const running = new Set<Promise<void>>();
  return {
    run(description, task) {
      const promise = task()
        .catch((error: unknown) => log.warn({ err: error }, `${description} failed`))
        .finally(() => running.delete(promise));
      running.add(promise);
    },
    async drain() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
