import { useMemo, useRef } from 'react';
import { newIdempotencyKey } from './api';

/** One press of a button that creates, pays or sends, and the idempotency key it carries. */
export interface Press {
  /** Begins a press unless one is on its way; false when this one is ignored. */
  start(): boolean;
  /** The key of the press on its way, for the Idempotency-Key header. */
  key(): string | undefined;
  /** The press is answered: the next one gets a new key. */
  end(): void;
}

/**
 * "Once per click" (docs/payments.md): `start` is synchronous, so a double click starts one press
 * even before the button has drawn itself busy (a mutation's pending state reaches the page a
 * tick later). The key is made when the press starts and kept until it ends, so an automatic
 * retry of the press sends the same key, and the next press a new one.
 */
export function usePress(): Press {
  const current = useRef<string | null>(null);
  return useMemo(
    () => ({
      start() {
        if (current.current !== null) return false;
        current.current = newIdempotencyKey();
        return true;
      },
      key: () => current.current ?? undefined,
      end() {
        current.current = null;
      },
    }),
    [],
  );
}
