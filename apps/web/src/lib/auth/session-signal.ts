const listeners = new Set<() => void>();

/**
 * Better Auth's "the session may have changed" signal, without loading its client: the auth
 * provider listens here on every page, and the client (lib/authClient.ts) raises it once some page
 * has loaded it. Only the client's own calls (a sign-in, a verification, a sign-out) change the
 * signal, so a page that never loads the client has nothing to hear.
 */
export const sessionSignal = {
  /** Calls `listener` on every change until the returned function is called. */
  listen(listener: () => void): () => void {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  raise(): void {
    for (const listener of listeners) listener();
  },
};
