import type { ErrorCode } from '@stillpoint/core';

/**
 * An expected failure a service raises; its message is shown to the person, so write it for them.
 * It lives here rather than in http/ because services raise it and must not depend on Fastify;
 * http/errors.ts turns it into the response envelope.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what = 'That item') => new AppError('NOT_FOUND', `${what} was not found.`);

/**
 * The payment provider could not be reached, or failed on its side: an outage, not a bug, so the
 * person is asked to try again (503) rather than told something broke. `cause` is what the
 * provider's SDK threw; http/errors.ts logs it.
 */
export function paymentsUnavailable(cause: unknown): AppError {
  const error = new AppError('UNAVAILABLE', 'Payments are not available right now. Please try again.');
  error.cause = cause;
  return error;
}
