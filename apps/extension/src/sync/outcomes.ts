import { ApiError, type InterceptOutcomeReport, MAX_OUTCOMES_PER_REPORT } from '@stillpoint/core';
import type { Platform } from '../platform/types';
import type { AuthState, PendingOutcome, Store } from '../store';
import { callServer } from './api';

/**
 * Weeks of pauses offline; past this the oldest go first, so the queue cannot fill
 * chrome.storage.local for someone whose reports never get through.
 */
export const MAX_PENDING_OUTCOMES = 500;

/** One reportInterceptOutcomes call carries at most this many (core's limit). */
export const OUTCOME_BATCH_SIZE = MAX_OUTCOMES_PER_REPORT;

/** A report repeated as it is changes nothing on the server, so the queue keeps one of each. */
const outcomeKey = (report: InterceptOutcomeReport) => `${report.interceptId}:${report.outcome}`;

/** 400: the server will never accept the batch as it is. 404: a site is no longer the person's. */
const isRefusedForGood = (error: unknown) =>
  error instanceof ApiError && (error.status === 400 || error.status === 404);

/**
 * Pause outcomes the web app could not report (QUEUE_INTERCEPT_OUTCOMES), kept in
 * chrome.storage.local until a sync sends them. Each is tagged with whose it is and only ever
 * sent with that person's session. Changes to the stored queue run one at a time, so an outcome
 * queued while a batch is in flight is neither lost nor sent twice.
 */
export function createOutcomeQueue(platform: Platform, store: Store) {
  let last: Promise<unknown> = Promise.resolve();
  function exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = last.then(work, work);
    last = run.catch(() => undefined);
    return run;
  }

  /** Queues `reports` for `userId`; answers how many outcomes are waiting now. */
  function add(userId: string, reports: InterceptOutcomeReport[]): Promise<number> {
    return exclusive(async () => {
      const queue = await store.getPendingOutcomes();
      const known = new Set(queue.map((entry) => outcomeKey(entry.report)));
      for (const report of reports) {
        if (known.has(outcomeKey(report))) continue;
        known.add(outcomeKey(report));
        queue.push({ userId, report });
      }
      const overflow = queue.length - MAX_PENDING_OUTCOMES;
      if (overflow > 0) {
        queue.splice(0, overflow);
        platform.warn(`The pause outcome queue is full; dropped the ${overflow} oldest.`);
      }
      await store.setPendingOutcomes(queue);
      return queue.length;
    });
  }

  function remove(sent: PendingOutcome[]): Promise<void> {
    const keys = new Set(sent.map((entry) => outcomeKey(entry.report)));
    return exclusive(async () => {
      const queue = await store.getPendingOutcomes();
      await store.setPendingOutcomes(queue.filter((entry) => !keys.has(outcomeKey(entry.report))));
    });
  }

  /** Forgets outcomes queued for anyone but `userId`: they must never go out with this session. */
  function keepOnlyOf(userId: string): Promise<PendingOutcome[]> {
    return exclusive(async () => {
      const queue = await store.getPendingOutcomes();
      const own = queue.filter((entry) => entry.userId === userId);
      if (own.length < queue.length) {
        await store.setPendingOutcomes(own);
        platform.warn(`Dropped ${queue.length - own.length} queued pause outcomes of another person.`);
      }
      return own;
    });
  }

  /** Sends one batch; true when the server answered for good (accepted or refused), false to wait. */
  async function deliver(auth: AuthState, batch: PendingOutcome[]): Promise<boolean> {
    try {
      await callServer(platform.fetch, 'reportInterceptOutcomes', {
        origin: auth.origin,
        token: auth.token,
        body: { outcomes: batch.map((entry) => entry.report) },
      });
      return true;
    } catch (error) {
      if (!isRefusedForGood(error)) {
        platform.warn('Sending queued pause outcomes failed; they stay queued for the next sync.', error);
        return false;
      }
      // The server refuses a whole batch for one bad outcome (a deleted site, say): one by one,
      // only that one is lost.
      if (batch.length > 1) {
        for (const entry of batch) {
          if (!(await deliver(auth, [entry]))) return false;
        }
        return true;
      }
      platform.warn('The server refused a queued pause outcome; it is dropped.', error);
      return true;
    }
  }

  /**
   * Sends what is queued for the signed-in person, in batches, oldest first. A batch the server
   * accepted is removed; an outcome it refuses for good (400, 404) is dropped, as it can never
   * succeed; on anything else (offline, a server error, a refused session) the rest waits for the
   * next sync. Never throws.
   */
  async function send(auth: AuthState): Promise<void> {
    try {
      const own = await keepOnlyOf(auth.userId);
      for (let start = 0; start < own.length; start += OUTCOME_BATCH_SIZE) {
        const batch = own.slice(start, start + OUTCOME_BATCH_SIZE);
        if (!(await deliver(auth, batch))) return;
        await remove(batch);
      }
    } catch (error) {
      platform.warn('The pause outcome queue could not be read or written.', error);
    }
  }

  return { add, send };
}
export type OutcomeQueue = ReturnType<typeof createOutcomeQueue>;
