import type { z } from 'zod/mini';

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
  Q extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
  B extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
  R extends z.ZodMiniType = z.ZodMiniType,
> {
  method: 'GET' | 'POST';
  path: `/${string}`;
  summary: string;
  /** `admin`: a signed-in person the server's configuration names as an admin (docs/support.md). */
  auth: 'user' | 'public' | 'admin';
  query?: Q;
  body?: B;
  /** The largest body the server reads for this call, in bytes; DEFAULT_BODY_LIMIT_BYTES if unset. */
  bodyLimitBytes?: number;
  /**
   * The call creates, pays or sends something, so it takes an `Idempotency-Key` header: the same
   * key from the same caller within IDEMPOTENCY_WINDOW_HOURS gets the first answer again and
   * creates nothing new (docs/payments.md, "Once per click"). Clients send one key per press.
   */
  idempotent?: true;
  response: R;
}

/** The body size a call accepts: its own limit, else the default. */
export const bodyLimitOf = (endpoint: Pick<Endpoint, 'bodyLimitBytes'>): number =>
  endpoint.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES;

export const defineEndpoint = <
  Q extends z.ZodMiniType | undefined = undefined,
  B extends z.ZodMiniType | undefined = undefined,
  R extends z.ZodMiniType = z.ZodMiniType,
>(
  endpoint: Endpoint<Q, B, R>,
) => endpoint;

export type EndpointQuery<E> =
  E extends Endpoint<infer Q, z.ZodMiniType | undefined, z.ZodMiniType>
    ? Q extends z.ZodMiniType
      ? z.input<Q>
      : undefined
    : never;
export type EndpointBody<E> =
  E extends Endpoint<z.ZodMiniType | undefined, infer B, z.ZodMiniType>
    ? B extends z.ZodMiniType
      ? z.input<B>
      : undefined
    : never;
export type EndpointResponse<E> =
  E extends Endpoint<z.ZodMiniType | undefined, z.ZodMiniType | undefined, infer R> ? z.output<R> : never;
