import { z } from 'zod';

/** Stable machine-readable error codes; the HTTP status each one travels with is fixed here. */
export const errorStatus = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;
export const errorCodes = Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]];

export const failureSchema = z.object({
  success: z.literal(false),
  error: z.string().min(1),
  code: z.enum(errorCodes),
});
export type Failure = z.infer<typeof failureSchema>;

export const successSchema = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });

export type Success<T> = { success: true; data: T };
export type Envelope<T> = Success<T> | Failure;

export const ok = <T>(data: T): Success<T> => ({ success: true, data });
export const fail = (code: ErrorCode, error: string): Failure => ({ success: false, code, error });

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
    const failure = failureSchema.safeParse(body);
    if (failure.success) throw new ApiError(failure.data.error, failure.data.code, status);
  }
  throw new ApiError('The server sent a response Stillpoint could not read.', 'MALFORMED_RESPONSE', status);
}
