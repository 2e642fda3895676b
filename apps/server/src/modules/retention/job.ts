import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { describeForwardError } from '../../forwarding/backoff';
import { periodicJobTimer } from '../../periodic-job';
import { purgeExpired, type RetentionReport, type RetentionSettings } from './service';

export interface RetentionJobState {
  intervalSeconds: number;
  /** When the job last ran (ISO 8601), or null before its first run. */
  lastRunAt: string | null;
  lastReport: RetentionReport | null;
  /** Why the last run failed, or null. */
  lastError: string | null;
}

export interface RetentionJobOptions {
  db: Database;
  settings: RetentionSettings;
  /** Seconds between runs; 0 turns the timer off (runOnce still works). */
  intervalSeconds: number;
  log: FastifyBaseLogger;
  batchSize?: number;
}

export interface RetentionJob {
  /** Runs every interval from now on, each run after the previous one has finished. */
  start(): void;
  /** Stops the timer and waits for a run in progress, which stops after its current batch. */
  stop(): Promise<void>;
  /** One run; `at` stands in for the clock (tests age rows past their days). */
  runOnce(at?: Date): Promise<RetentionReport | null>;
  state(): RetentionJobState;
}

/**
 * The retention job (docs/privacy.md, "Retention"): every instance runs it; the deletes skip rows
 * another instance holds, so running it twice at once is safe, and a run stopped half-way is simply
 * finished by the next.
 */
export function createRetentionJob({
  db,
  settings,
  intervalSeconds,
  log,
  batchSize,
}: RetentionJobOptions): RetentionJob {
  const state: RetentionJobState = { intervalSeconds, lastRunAt: null, lastReport: null, lastError: null };
  async function run(at: Date | undefined): Promise<RetentionReport | null> {
    const now = at ?? new Date();
    let report: RetentionReport | null = null;
    try {
      report = await purgeExpired(db, settings, {
        now,
        ...(batchSize ? { batchSize } : {}),
        stopping: () => timer.stopping(),
      });
      state.lastError = null;
      const deleted = Object.values(report).reduce((sum, count) => sum + count, 0);
      if (deleted > 0) log.info({ retention: report }, `retention: ${deleted} expired rows deleted`);
    } catch (error) {
      state.lastError = describeForwardError(error);
      log.warn({ err: error }, 'retention: the run failed');
    }
    state.lastRunAt = now.toISOString();
    state.lastReport = report;
    return report;
  }

  const timer = periodicJobTimer(intervalSeconds, run, (error) =>
    log.error({ err: error }, 'retention: a run failed'),
  );
  return {
    start: timer.start,
    stop: timer.stop,
    runOnce: timer.runOnce,
    state: () => structuredClone(state),
  };
}
