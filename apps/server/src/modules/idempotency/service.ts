import { IDEMPOTENCY_WINDOW_HOURS } from '@stillpoint/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import {
  deleteExpired,
  deleteOverKey,
  deleteUnanswered,
  findKey,
  insertKey,
  type KeyId,
  recordAnswer,
} from './repo';

export type { KeyId } from './repo';

const WINDOW_SECONDS = IDEMPOTENCY_WINDOW_HOURS * 60 * 60;
/** Longer than any request runs (payment calls time out well before), so only a stopped server's key is taken over. */
const STALE_SECONDS = 5 * 60;

/** What a request with a key does: run the call, give the first answer again, or refuse. */
export type Claim =
  | { kind: 'run' }
  | { kind: 'replay'; status: number; body: string }
  | { kind: 'other-input' }
  | { kind: 'still-running' };

export interface ClaimTiming {
  /** How long a repeat waits for the first request's answer before a 409. */
  waitMs: number;
  pollMs: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Claims a key for one request. The insert on the primary key decides, across instances too:
 * its winner runs the call; a repeat with the same input waits (bounded) for the winner's answer.
 */
export async function claimKey(
  db: Database,
  id: KeyId,
  fingerprint: string,
  timing: ClaimTiming,
): Promise<Claim> {
  await deleteOverKey(db, id, { windowSeconds: WINDOW_SECONDS, staleSeconds: STALE_SECONDS });
  const deadline = Date.now() + timing.waitMs;
  for (;;) {
    if (await insertKey(db, id, fingerprint)) return { kind: 'run' };
    const row = await findKey(db, id, WINDOW_SECONDS);
    // Gone between the two statements: the first request failed and freed it, so claim it again.
    if (!row) continue;
    if (row.fingerprint !== fingerprint) return { kind: 'other-input' };
    if (row.responseStatus !== null && row.responseBody !== null) {
      return { kind: 'replay', status: row.responseStatus, body: row.responseBody };
    }
    if (Date.now() >= deadline) return { kind: 'still-running' };
    await sleep(timing.pollMs);
  }
}

/** Whether the key is held, answered or not: a repeat of a press spends no rate-limit slot. */
export async function isKeyHeld(db: Database, id: KeyId): Promise<boolean> {
  return (await findKey(db, id, WINDOW_SECONDS)) !== null;
}

export const keepAnswer = (db: Database, id: KeyId, status: number, body: string) =>
  recordAnswer(db, id, status, body);

export const releaseKey = (db: Database, id: KeyId) => deleteUnanswered(db, id);

const SWEEP_BATCH = 500;

/** Deletes every key older than the window, a batch at a time; returns how many went. */
export async function deleteExpiredKeys(db: Database): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await deleteExpired(db, WINDOW_SECONDS, SWEEP_BATCH);
    total += deleted;
    if (deleted < SWEEP_BATCH) return total;
  }
}

export interface KeyCleanupJob {
  start(): void;
  stop(): Promise<void>;
}

/**
 * Deletes expired keys every interval, on every instance (the sweep skips rows another instance
 * holds), each run after the previous one has finished, as the forwarding job does.
 */
export function createKeyCleanupJob(db: Database, log: FastifyBaseLogger, intervalMs: number): KeyCleanupJob {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  const schedule = () => {
    timer = setTimeout(() => {
      timer = null;
      running = deleteExpiredKeys(db)
        .then((deleted) => {
          if (deleted > 0) log.info({ deleted }, 'idempotency keys: expired keys deleted');
        })
        .catch((error: unknown) => log.warn({ err: error }, 'idempotency keys: the cleanup failed'))
        .finally(() => {
          running = null;
          if (!stopped) schedule();
        });
    }, intervalMs);
    // The timer alone never keeps the process alive; the server does.
    timer.unref();
  };
  return {
    start() {
      if (!stopped && timer === null && running === null) schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}
