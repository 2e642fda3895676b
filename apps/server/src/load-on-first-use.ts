/**
 * Loads something costly on its first use instead of at startup, once: callers at the same time
 * share one load. A load that fails is tried again by the next caller rather than kept failed.
 */
export function loadOnFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}
