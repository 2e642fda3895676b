import type { z } from 'zod';

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
  response: R;
}

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
