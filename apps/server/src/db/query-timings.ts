import type { QueryListener } from './handle';

export /** The listeners of one handle's query timings. */
function queryTimings() {
  const listeners = new Set<QueryListener>();
  /** Starts timing one query; the returned function reports it finished. */
  const start = (): (() => void) => {
    if (listeners.size === 0) return () => {};
    const started = performance.now();
    return () => {
      const seconds = (performance.now() - started) / 1000;
      for (const listener of listeners) listener(seconds);
    };
  };
  return {
    onQuery(listener: QueryListener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    start,
    /** Runs the query and reports how long it took, whether it succeeded or failed. */
    timed<T>(query: () => Promise<T>): Promise<T> {
      const finished = start();
      return query().finally(finished);
    },
  };
}

export type QueryTimings = ReturnType<typeof queryTimings>;
