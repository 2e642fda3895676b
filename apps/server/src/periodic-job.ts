/**
 * The timer of a job every server instance runs in the background (forwarding retries, trial
 * reminders, retention): a run every `intervalSeconds`, each one after the previous has finished,
 * never keeping the process alive on its own. What a run does, and how it shares work with other
 * instances, is the job's own.
 */
export interface PeriodicJobTimer<T> {
  /** Runs every interval from now on; 0 seconds leaves the timer off (runOnce still works). */
  start(): void;
  /** Stops the timer and waits for a run in progress, which checks `stopping()` between steps. */
  stop(): Promise<void>;
  /** One run now; `at` stands in for the clock in tests. */
  runOnce(at?: Date): Promise<T>;
  /** Whether stop() has been called. */
  stopping(): boolean;
}

export function periodicJobTimer<T>(
  intervalSeconds: number,
  run: (at: Date | undefined) => Promise<T>,
  /** A timed run's unexpected failure; runOnce's callers get theirs. */
  onFailure: (error: unknown) => void,
): PeriodicJobTimer<T> {
  const running = new Set<Promise<unknown>>();
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  function track(promise: Promise<T>): Promise<T> {
    running.add(promise);
    return promise.finally(() => running.delete(promise));
  }

  function schedule(): void {
    timer = setTimeout(() => {
      timer = null;
      track(run(undefined))
        .catch(onFailure)
        .finally(() => {
          if (!stopped) schedule();
        });
    }, intervalSeconds * 1000);
    // The timer alone never keeps the process alive; the server does.
    timer.unref();
  }

  return {
    start() {
      if (intervalSeconds > 0 && !stopped && timer === null) schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await Promise.allSettled([...running]);
    },
    runOnce: (at) => track(run(at)),
    stopping: () => stopped,
  };
}
