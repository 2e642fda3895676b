import type { FastifyBaseLogger } from 'fastify';
import { periodicJobTimer } from '../periodic-job';
import { describeForwardError } from './backoff';
import type { ForwardingKind, RetryReport, RetryRun } from './retry';

/** The kinds of stored rows the job forwards, in the order it runs them. */
export const forwardingKindNames = ['feedback', 'analytics', 'adEvents', 'newsletter'] as const;
export type ForwardingKindName = (typeof forwardingKindNames)[number];

/** How many rows one claim takes. Sent one after another, each within its adapter's 5 s timeout. */
export const FORWARDING_BATCH_SIZE = 10;
/** Longer than a batch can take to send (10 × 5 s), so a lease never ends while its rows are sent. */
export const FORWARDING_LEASE_MS = 2 * 60 * 1000;
/** Longer than the first attempt after the answer can take, so the job never races it. */
export const FORWARDING_GRACE_MS = 60 * 1000;

export interface ForwardingKindState {
  /** When the job last ran for this kind (ISO 8601), or null before its first run. */
  lastRunAt: string | null;
  /** Rows still being tried and rows given up, as counted at the end of the last run. */
  pending: number | null;
  givenUp: number | null;
  /** The last failure of the last run (a forward, or the run itself), or null. */
  lastError: string | null;
}

export type ForwardingState = { intervalSeconds: number } & Record<ForwardingKindName, ForwardingKindState>;

export interface ForwardingJobOptions {
  kinds: Record<ForwardingKindName, ForwardingKind>;
  /** Seconds between runs; 0 turns the timer off (runOnce still works). */
  intervalSeconds: number;
  log: FastifyBaseLogger;
  batchSize?: number;
  leaseMs?: number;
  graceMs?: number;
}

export interface ForwardingJob {
  /** Runs every interval from now on, each run after the previous one has finished. */
  start(): void;
  /** Stops the timer and waits for a run in progress, which stops before its next row. */
  stop(): Promise<void>;
  /** One run over every kind; `at` stands in for the clock (tests step through the backoff). */
  runOnce(at?: Date): Promise<void>;
  state(): ForwardingState;
}

const neverRun = (): ForwardingKindState => ({
  lastRunAt: null,
  pending: null,
  givenUp: null,
  lastError: null,
});

/**
 * The retry job (docs/forwarding.md): tries again the feedback, analytics events, ad events and
 * newsletter confirmation e-mails whose first forward failed. Any number of server instances may run it at once: each claim
 * takes its rows with FOR UPDATE SKIP LOCKED and leases them, so every row is sent by one only.
 */
export function createForwardingJob({
  kinds,
  intervalSeconds,
  log,
  batchSize = FORWARDING_BATCH_SIZE,
  leaseMs = FORWARDING_LEASE_MS,
  graceMs = FORWARDING_GRACE_MS,
}: ForwardingJobOptions): ForwardingJob {
  const state: ForwardingState = {
    intervalSeconds,
    feedback: neverRun(),
    analytics: neverRun(),
    adEvents: neverRun(),
    newsletter: neverRun(),
  };
  async function runKind(name: ForwardingKindName, run: RetryRun): Promise<void> {
    const kind = kinds[name];
    let report: RetryReport | null = null;
    let lastError: string | null = null;
    try {
      report = await kind.retryDue(run);
      lastError = report.lastError;
    } catch (error) {
      lastError = describeForwardError(error);
      log.warn({ err: error, kind: name }, `forwarding retry: the ${name} run failed`);
    }
    const backlog = await kind.backlog().catch((error: unknown) => {
      log.warn({ err: error, kind: name }, `forwarding retry: counting the ${name} backlog failed`);
      return null;
    });
    state[name] = {
      lastRunAt: run.clock().toISOString(),
      pending: backlog?.pending ?? null,
      givenUp: backlog?.givenUp ?? null,
      lastError,
    };
    // The metrics line: one per kind that had something to try, quiet otherwise.
    if (report && report.attempted > 0) {
      const level = report.givenUp > 0 ? 'warn' : 'info';
      log[level](
        { kind: name, ...report, pending: backlog?.pending, givenUpTotal: backlog?.givenUp },
        `forwarding retry: ${name} ${report.forwarded}/${report.attempted} forwarded, ${report.givenUp} given up`,
      );
    }
  }

  async function runAll(at: Date | undefined): Promise<void> {
    const run: RetryRun = {
      clock: at ? () => at : () => new Date(),
      batchSize,
      leaseMs,
      graceMs,
      stopping: () => timer.stopping(),
    };
    for (const name of forwardingKindNames) {
      if (timer.stopping()) return;
      await runKind(name, run);
    }
  }

  const timer = periodicJobTimer(intervalSeconds, runAll, (error) =>
    log.error({ err: error }, 'forwarding retry: a run failed'),
  );
  return {
    start: timer.start,
    stop: timer.stop,
    runOnce: timer.runOnce,
    state: () => structuredClone(state),
  };
}
