// No zod here: the web app's first screen needs the envelope and ApiError, not the schemas.
import { brand } from '../brand';
import { readableInvalidInput } from './errors';

/** Stable machine-readable error codes; the HTTP status each one travels with is fixed here. */
export const errorStatus = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  // The body is over the call's limit: resending it as it is cannot work, unlike a 400 on its contents.
  PAYLOAD_TOO_LARGE: 413,
  // The request is well formed but cannot be taken as sent: an Idempotency-Key reused for other input.
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;
export const errorCodes = Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]];

export type Failure = { success: false; error: string; code: ErrorCode };
export type Success<T> = { success: true; data: T };
export type Envelope<T> = Success<T> | Failure;

export const ok = <T>(data: T): Success<T> => ({ success: true, data });
export const fail = (code: ErrorCode, error: string): Failure => ({ success: false, code, error });

export const MALFORMED_RESPONSE_MESSAGE = `The server sent a response ${brand.name} could not read.`;

/** The SPEC §7 client rule: a response must hold success true and data, else its error is thrown. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: ErrorCode | 'NETWORK' | 'MALFORMED_RESPONSE',
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function unwrapEnvelope<T>(body: unknown, status: number): T {
  if (body && typeof body === 'object' && 'success' in body) {
    if (body.success === true && 'data' in body) return body.data as T;
    if (isFailure(body)) {
      // A person sees their input's problem in its own words; the server's full text is for developers.
      const message = body.code === 'BAD_REQUEST' ? readableInvalidInput(body.error) : body.error;
      throw new ApiError(message, body.code, status);
    }
  }
  throw new ApiError(MALFORMED_RESPONSE_MESSAGE, 'MALFORMED_RESPONSE', status);
}

function isFailure(body: object): body is Failure {
  return (
    'error' in body &&
    typeof body.error === 'string' &&
    body.error.length > 0 &&
    'code' in body &&
    typeof body.code === 'string' &&
    body.code in errorStatus
  );
}
