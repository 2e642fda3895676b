/**
 * Runs `task` when the browser is next idle (within 2 s), or after `fallbackMs` where it cannot say
 * (Safari). Returns the cancel.
 */
export function whenIdle(task: () => void, { fallbackMs = 1000 }: { fallbackMs?: number } = {}): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const timer = setTimeout(task, fallbackMs);
  return () => clearTimeout(timer);
}
