import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendApiNotFound } from '../http/errors';
import { rateLimits } from '../http/rate-limit';
import { authRefusal, emptyErrorAnswer, malformedAuthInput } from './auth-input';
import { AUTH_BASE_PATH, type Auth } from './index';
import { normalisePhoneNumber } from './phone-numbers';
import { isServedAuthRoute } from './sign-in-methods';

// Hop-by-hop headers describe one connection; Fastify writes its own.
const skippedResponseHeaders = new Set(['set-cookie', 'content-length', 'transfer-encoding', 'connection']);

/**
 * Mounts Better Auth at /api/auth/*: each Fastify request becomes a Fetch Request for
 * auth.handler, and its Response streams back. Bodies reach Better Auth untouched (raw bytes), so
 * JSON calls and Apple's form-posted callback both work, after the checks every registry call gets
 * (auth-input.ts). Only the routes in sign-in-methods.ts are served; the phone routes have their
 * own, tighter rate limits.
 */
export async function registerAuthRoutes(
  app: FastifyInstance,
  auth: Auth,
  {
    publicUrl,
    testPhoneNumbers,
    testNumbersSkipLimits,
  }: { publicUrl: string; testPhoneNumbers: ReadonlyMap<string, string>; testNumbersSkipLimits: boolean },
): Promise<void> {
  // In development and test, test numbers send nothing and the suites sign in with them many times
  // from one address. On staging and in production their fixed code must not be guessable without
  // limit, so they obey every limit. Checked after parsing (preHandler): the number is in the body.
  const phoneRouteLimit = (limit: { max: number; timeWindow: string }) => ({
    ...limit,
    hook: 'preHandler' as const,
    ...(testNumbersSkipLimits
      ? { allowList: (request: FastifyRequest) => isTestNumberRequest(request.body, testPhoneNumbers) }
      : {}),
  });

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_request, body, done) =>
      done(null, body),
    );

    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const url = new URL(request.url, publicUrl);
      const path = url.pathname.slice(AUTH_BASE_PATH.length);
      if (!isServedAuthRoute(request.method, path)) return sendApiNotFound(request, reply);

      const headers = fromNodeHeaders(request.headers);
      // The client address Fastify trusts (TRUST_PROXY), not whatever the caller claims.
      headers.set('x-forwarded-for', request.ip);
      const body = Buffer.isBuffer(request.body) && request.body.length > 0 ? request.body : undefined;
      // What a registry call would refuse with a 400 (auth-input.ts), Better Auth never sees.
      const malformed = malformedAuthInput({
        search: url.search,
        contentType: request.headers['content-type'],
        body,
      });
      if (malformed) return reply.status(400).send(authRefusal('BAD_REQUEST', malformed));
      const response = await auth.handler(new Request(url, { method: request.method, headers, body }));

      reply.status(response.status);
      response.headers.forEach((value, name) => {
        if (!skippedResponseHeaders.has(name)) reply.header(name, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      if (!response.body) {
        // An error always says what went wrong, in a shape the API's and Better Auth's clients read.
        if (response.status < 400) return reply.send();
        return reply.type('application/json; charset=utf-8').send(emptyErrorAnswer(response.status));
      }
      return reply.send(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>));
    };

    // Better Auth documents its own routes; they stay out of the API's OpenAPI document.
    const schema = { hide: true };
    scope.post(
      `${AUTH_BASE_PATH}/phone-number/send-otp`,
      { schema, config: { rateLimit: phoneRouteLimit(rateLimits.otpSend) } },
      handler,
    );
    scope.post(
      `${AUTH_BASE_PATH}/phone-number/verify`,
      { schema, config: { rateLimit: phoneRouteLimit(rateLimits.otpVerify) } },
      handler,
    );
    scope.route({
      method: ['GET', 'POST'],
      url: `${AUTH_BASE_PATH}/*`,
      schema,
      config: { rateLimit: rateLimits.auth },
      handler,
    });
  });
}

function isTestNumberRequest(body: unknown, testPhoneNumbers: ReadonlyMap<string, string>): boolean {
  if (testPhoneNumbers.size === 0 || !Buffer.isBuffer(body)) return false;
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8'));
    const phoneNumber =
      parsed && typeof parsed === 'object'
        ? normalisePhoneNumber((parsed as { phoneNumber?: unknown }).phoneNumber, testPhoneNumbers)
        : null;
    return phoneNumber !== null && testPhoneNumbers.has(phoneNumber);
  } catch {
    return false;
  }
}
