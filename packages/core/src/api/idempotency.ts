// The Idempotency-Key rule of the calls marked `idempotent` (docs/payments.md, "Once per click"):
// the web client sends the header, the server keeps one answer per key.

/** The header that carries a request's idempotency key (the IETF draft's name). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** How long the server remembers a key and its answer. */
export const IDEMPOTENCY_WINDOW_HOURS = 24;
/** 1 to 255 visible ASCII characters: what a key may be. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
export const INVALID_IDEMPOTENCY_KEY_MESSAGE = `${IDEMPOTENCY_KEY_HEADER} must be 1 to 255 visible ASCII characters.`;
export const IDEMPOTENCY_KEY_REUSED_MESSAGE = `This ${IDEMPOTENCY_KEY_HEADER} was already used for a different request; send a new key for a new request.`;
export const IDEMPOTENCY_KEY_BUSY_MESSAGE =
  'The same request is still being handled. Please wait a moment and try again.';
