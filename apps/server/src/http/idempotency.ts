import { createHash } from 'node:crypto';
import {
  errorStatus,
  fail,
  IDEMPOTENCY_KEY_BUSY_MESSAGE,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_KEY_REUSED_MESSAGE,
  INVALID_IDEMPOTENCY_KEY_MESSAGE,
} from '@stillpoint/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { AppError } from '../errors';
import {
  type ClaimTiming,
  claimKey,
  createKeyCleanupJob,
  isKeyHeld,
  type KeyId,
  keepAnswer,
  releaseKey,
} from '../modules/idempotency/service';
import { attachOptionalUser } from './authenticate';

/** What registerEndpoint needs to run a call once per key (docs/payments.md, "Once per click"). */
export interface IdempotencyStore {
  db: Database;
  timing: ClaimTiming;
}

declare module 'fastify' {
  interface FastifyInstance {
    idempotency: IdempotencyStore;
  }
}

const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;
const IDEMPOTENCY_HEADER_NAME = IDEMPOTENCY_KEY_HEADER.toLowerCase();
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Keeps idempotency keys in the database, so every instance sees each claim, and deletes the
 * expired ones hourly. Call once, before any route is registered.
 */
export function registerIdempotency(
  app: FastifyInstance,
  db: Database,
  timing: ClaimTiming = { waitMs: 10_000, pollMs: 100 },
): void {
  app.decorate('idempotency', { db, timing });
  const cleanup = createKeyCleanupJob(db, app.log, CLEANUP_INTERVAL_MS);
  app.addHook('onReady', async () => cleanup.start());
  app.addHook('preClose', () => cleanup.stop());
}

// The key a request carries and whether it was already held, from onRequest to the handler.
const keys = new WeakMap<FastifyRequest, KeyId>();
const repeats = new WeakSet<FastifyRequest>();

/** Who a key belongs to: the signed-in person, else the address the rate limiter counts. */
const callerOf = (request: FastifyRequest): string =>
  request.sessionUser ? `user:${request.sessionUser.id}` : `address:${request.ip}`;

/**
 * The onRequest step of a call that takes a key, after authentication and before the rate limit:
 * a malformed key is a 400; a key already held marks the request as a repeat, which the rate limit
 * lets through (it creates nothing). A public call that does not look its caller up otherwise does
 * so here, only when a key is sent.
 */
export function readIdempotencyKey(endpointPath: string, lookUpCaller: boolean) {
  return async (request: FastifyRequest): Promise<void> => {
    // Node gives header names in lower case.
    const header = request.headers[IDEMPOTENCY_HEADER_NAME];
    if (header === undefined) return;
    if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header)) {
      throw new AppError('BAD_REQUEST', INVALID_IDEMPOTENCY_KEY_MESSAGE);
    }
    if (lookUpCaller) await attachOptionalUser(request);
    const id = { caller: callerOf(request), endpoint: endpointPath, key: header };
    keys.set(request, id);
    if (await isKeyHeld(request.server.idempotency.db, id)) repeats.add(request);
  };
}

/** For the rate limit's allowList: a repeat of a press already counted. */
export const isRepeatedKey = async (request: FastifyRequest): Promise<boolean> => repeats.has(request);

/** The same query and body give the same text whatever order their keys came in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const fingerprintOf = (request: FastifyRequest): string =>
  createHash('sha256')
    .update(canonical({ query: request.query ?? null, body: request.body ?? null }))
    .digest('hex');

/** 2xx and 4xx answers are final; a 429 means later, and a 5xx frees the key for a retry. */
const isFinal = (status: number): boolean => status < 500 && status !== 429;

const sendJson = (reply: FastifyReply, status: number, body: string) =>
  reply.code(status).type(JSON_TYPE).send(body);

/**
 * Runs a call once per key: the first request with a key runs `answer` and keeps what it sent;
 * a repeat gets that answer again (Idempotent-Replayed: true), waits for it while it is being
 * made, and is refused with a 422 when it carries other input. Without a key, `answer` just runs.
 * It sends the answer itself and returns the reply.
 */
export async function answerOnce(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: () => Promise<unknown>,
): Promise<FastifyReply> {
  const id = keys.get(request);
  if (!id) return reply.send(await answer());
  const { db, timing } = request.server.idempotency;
  const claim = await claimKey(db, id, fingerprintOf(request), timing);
  if (claim.kind === 'other-input') {
    return sendJson(
      reply,
      errorStatus.UNPROCESSABLE,
      JSON.stringify(fail('UNPROCESSABLE', IDEMPOTENCY_KEY_REUSED_MESSAGE)),
    );
  }
  if (claim.kind === 'still-running') {
    return sendJson(
      reply,
      errorStatus.CONFLICT,
      JSON.stringify(fail('CONFLICT', IDEMPOTENCY_KEY_BUSY_MESSAGE)),
    );
  }
  if (claim.kind === 'replay') {
    reply.header('idempotent-replayed', 'true');
    return sendJson(reply, claim.status, claim.body);
  }

  let envelope: unknown;
  try {
    envelope = await answer();
  } catch (error) {
    const status = error instanceof AppError ? errorStatus[error.code] : 500;
    const settle =
      error instanceof AppError && isFinal(status)
        ? keepAnswer(db, id, status, JSON.stringify(fail(error.code, error.message)))
        : releaseKey(db, id);
    await settle.catch((cause: unknown) =>
      request.log.warn({ err: cause }, 'idempotency key: settling it after a failure failed'),
    );
    throw error;
  }
  // Serialised here, by the route's own response schema, so a replay sends the very same bytes.
  const body = String(reply.serialize(envelope));
  await keepAnswer(db, id, reply.statusCode, body).catch((cause: unknown) =>
    request.log.error({ err: cause }, 'idempotency key: keeping the answer failed'),
  );
  return sendJson(reply, reply.statusCode, body);
}
