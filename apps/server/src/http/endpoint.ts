import {
  bodyLimitOf,
  describeIssues,
  type Endpoint,
  findUnstorableText,
  invalidInputMessage,
  successSchema,
} from '@stillpoint/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from '../errors';
import { attachOptionalUser, requireAdmin, requireSessionUser, type SessionUser } from './authenticate';
import { answerOnce, isRepeatedKey, readIdempotencyKey } from './idempotency';

// `query?`/`body?` are optional on Endpoint, so strip undefined before asking which schema is there.
type Input<S> = [NonNullable<S>] extends [never]
  ? undefined
  : NonNullable<S> extends z.core.$ZodType
    ? z.output<NonNullable<S>>
    : undefined;

export interface EndpointContext<E extends Endpoint> {
  query: Input<E['query']>;
  body: Input<E['body']>;
  /**
   * The signed-in user: on `auth: 'admin'` endpoints, the admin. Only `auth: 'user'` and `'admin'`
   * endpoints have one; reading it elsewhere is a bug and throws.
   */
  user: SessionUser;
  /**
   * Whoever a valid bearer token names, else null. A public endpoint registered with
   * `{ optionalUser: true }` looks the token up and ignores an invalid one rather than refusing the
   * call; on `auth: 'user'` endpoints it is always the signed-in user.
   */
  optionalUser: SessionUser | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface EndpointOptions {
  /** Per-route limit for @fastify/rate-limit (see http/rate-limit.ts); none by default. */
  rateLimit?: {
    max: number;
    timeWindow: string | number;
    /** What the count is kept per: the client address unless given (see perPerson). */
    keyGenerator?: (request: FastifyRequest) => string;
  };
  /**
   * Public endpoints only: look up the bearer token, if any, so the handler can read `optionalUser`.
   * Off by default, since the lookup costs a database round trip.
   */
  optionalUser?: boolean;
}

/**
 * Refuses text no column or log can hold (core's storable-text rule) in any string of the query or
 * body, before the endpoint's own schema runs. Done here once, so every endpoint, free-form JSON
 * values and future endpoints included, answers a 400 naming the field rather than failing in the
 * database.
 */
async function refuseUnstorableText(request: FastifyRequest): Promise<void> {
  for (const [part, value] of [
    ['query', request.query],
    ['body', request.body],
  ] as const) {
    const issue = findUnstorableText(value);
    if (issue) throw new AppError('BAD_REQUEST', invalidInputMessage(part, describeIssues([issue])));
  }
}

/**
 * Registers one SPEC §7 call from its core definition: the same zod schemas validate the request,
 * serialise the response inside the success envelope, and describe it in OpenAPI. An `auth: 'user'`
 * endpoint answers 401 before any other work unless the bearer token is a live session; an
 * `auth: 'admin'` one then also 403 unless that person is an admin (http/authenticate.ts); a public one
 * still learns who is calling when a valid token is sent. Handlers return plain data; failures are
 * thrown as AppError. Bodies are read up to the endpoint's own size limit (`bodyLimitOf`); a larger
 * one is refused with a 413 before it is parsed. An `idempotent` endpoint runs once per
 * Idempotency-Key (http/idempotency.ts).
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (context: EndpointContext<E>) => Promise<z.input<E['response']>> | z.input<E['response']>,
  options: EndpointOptions = {},
): void {
  const needsUser = endpoint.auth !== 'public';
  const identifiesCaller = needsUser || options.optionalUser === true;
  const authentication =
    endpoint.auth === 'admin'
      ? requireAdmin
      : needsUser
        ? requireSessionUser
        : identifiesCaller
          ? attachOptionalUser
          : undefined;
  // A call that takes an Idempotency-Key reads it after authentication (the key is the caller's)
  // and before the rate limit, which lets a repeat of a counted press through.
  const onRequest = [
    ...(authentication ? [authentication] : []),
    ...(endpoint.idempotent ? [readIdempotencyKey(endpoint.path, !identifiesCaller)] : []),
  ];
  const rateLimit =
    options.rateLimit && endpoint.idempotent
      ? { ...options.rateLimit, allowList: isRepeatedKey }
      : options.rateLimit;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: `/api${endpoint.path}`,
    // onRequest: an unauthenticated caller learns nothing about the body or query it sent.
    ...(onRequest.length > 0 ? { onRequest } : {}),
    preValidation: refuseUnstorableText,
    bodyLimit: bodyLimitOf(endpoint),
    // takesIdempotencyKey: the OpenAPI document lists the header for these calls (http/openapi.ts).
    ...(rateLimit || endpoint.idempotent
      ? {
          config: {
            ...(rateLimit ? { rateLimit } : {}),
            ...(endpoint.idempotent ? { takesIdempotencyKey: true } : {}),
          },
        }
      : {}),
    schema: {
      summary: endpoint.summary,
      tags: [endpoint.auth],
      ...(needsUser ? { security: [{ bearer: [] }] } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { 200: successSchema(endpoint.response) },
    },
    handler: async (request, reply) => {
      const answer = async () => ({ success: true as const, data: await run(request, reply) });
      if (!endpoint.idempotent) return answer();
      // answerOnce has sent the answer itself (kept, replayed or refused); Fastify takes the reply back.
      return (await answerOnce(request, reply, answer)) as never;
    },
  });

  async function run(request: FastifyRequest, reply: FastifyReply) {
    return handler({
      query: request.query as Input<E['query']>,
      body: request.body as Input<E['body']>,
      get user(): SessionUser {
        if (!request.sessionUser) throw new Error(`${endpoint.path} is public and has no signed-in user`);
        return request.sessionUser;
      },
      get optionalUser(): SessionUser | null {
        if (!identifiesCaller) {
          throw new Error(
            `${endpoint.path} must be registered with { optionalUser: true } to read optionalUser`,
          );
        }
        return request.sessionUser;
      },
      request,
      reply,
    });
  }
}
