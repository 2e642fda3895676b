/**
 * When a failed forward is tried again (docs/forwarding.md): 30 s after the first failure, then
 * four times longer each time (2 min, 8 min, 32 min, about 2 h, 8.5 h), at most a day apart. The
 * eighth failure gives the row up, about a day and a half after it was stored; it is kept.
 */
export const FIRST_RETRY_DELAY_MS = 30_000;
export const RETRY_DELAY_FACTOR = 4;
export const MAX_RETRY_DELAY_MS = 24 * 60 * 60 * 1000;
export const MAX_FORWARD_ATTEMPTS = 8;

/** The longest error text kept in last_forward_error. */
const MAX_ERROR_LENGTH = 200;

/** The outcome of one attempt to hand a stored row on, as it is written back to the row. */
export type ForwardResult =
  | { ok: true; attempts: number; forwardedAt: Date }
  | { ok: false; attempts: number; error: string; nextForwardAt: Date | null; givenUpAt: Date | null };

/** How long after its `attempts`-th failure a row is tried again. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_DELAY_MS * RETRY_DELAY_FACTOR ** Math.max(0, attempts - 1), MAX_RETRY_DELAY_MS);
}

export function forwardSucceeded(previousAttempts: number, now: Date): ForwardResult {
  return { ok: true, attempts: previousAttempts + 1, forwardedAt: now };
}

/** A failed attempt: due again after the backoff, or given up once it was the last one allowed. */
export function forwardFailed(previousAttempts: number, error: unknown, now: Date): ForwardResult {
  const attempts = previousAttempts + 1;
  const givenUp = attempts >= MAX_FORWARD_ATTEMPTS;
  return {
    ok: false,
    attempts,
    error: describeForwardError(error),
    nextForwardAt: givenUp ? null : new Date(now.getTime() + retryDelayMs(attempts)),
    givenUpAt: givenUp ? now : null,
  };
}

/**
 * A short, safe account of a failure for the row and the readiness details. Webhook and collector
 * addresses can carry secrets (a chat webhook's path is its key), so addresses are left out; the
 * adapters' own messages name only the service and its answer.
 */
export function describeForwardError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  const code = typeof cause?.code === 'string' ? ` (${cause.code})` : '';
  const text = `${message}${code}`.replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, '<address>').trim();
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text || 'unknown error';
}
