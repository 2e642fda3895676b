import type { z } from 'zod';

/**
 * The most a request body may weigh unless its endpoint says otherwise. Most calls carry a few
 * fields; the few that carry batches or long text set their own `bodyLimitBytes`.
 */
export const DEFAULT_BODY_LIMIT_BYTES = 16 * 1024;

/**
 * One SPEC §7 call: its method, path (relative to /api), and the schemas of its query, body and
 * response data. The server registers routes and OpenAPI from these; the web client takes its
 * types from them. `auth: 'public'` marks the few calls that answer without a session.
 */
export interface Endpoint<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> {
  method: 'GET' | 'POST';
  path: `/${string}`;
  summary: string;
  auth: 'user' | 'public';
  query?: Q;
  body?: B;
  /** The largest body the server reads for this call, in bytes; DEFAULT_BODY_LIMIT_BYTES if unset. */
  bodyLimitBytes?: number;
  response: R;
}

/** The body size a call accepts: its own limit, else the default. */
export const bodyLimitOf = (endpoint: Pick<Endpoint, 'bodyLimitBytes'>): number =>
  endpoint.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES;

export const defineEndpoint = <
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
>(
  endpoint: Endpoint<Q, B, R>,
) => endpoint;

export type EndpointQuery<E> =
  E extends Endpoint<infer Q, z.ZodType | undefined, z.ZodType>
    ? Q extends z.ZodType
      ? z.input<Q>
      : undefined
    : never;
export type EndpointBody<E> =
  E extends Endpoint<z.ZodType | undefined, infer B, z.ZodType>
    ? B extends z.ZodType
      ? z.input<B>
      : undefined
    : never;
export type EndpointResponse<E> =
  E extends Endpoint<z.ZodType | undefined, z.ZodType | undefined, infer R> ? z.output<R> : never;
