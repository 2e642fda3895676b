/**
 * Runs tasks one at a time. The local provider changes objects with read-modify-write steps; in one
 * server process this is what keeps a page action and the periodic clock from charging twice.
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task);
    this.tail = result.catch(() => {});
    return result;
  }

  /** Resolves when every task queued so far has finished. */
  idle(): Promise<void> {
    return this.tail.then(() => {});
  }
}
