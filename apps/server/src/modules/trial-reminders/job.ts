import type { FastifyBaseLogger } from 'fastify';
import { describeForwardError } from '../../forwarding/backoff';
import { periodicJobTimer } from '../../periodic-job';
import { type ReminderReport, remindDueTrials, type TrialReminderDependencies } from './service';

/** Reminders one claim takes. Each may wait on the provider's price and on the e-mail or SMS service. */
export const TRIAL_REMINDER_BATCH_SIZE = 5;
/**
 * Longer than a batch can take (5 × (the provider's 20 s price call, retried twice, and a 10 s
 * send)), so a lease never ends while its reminders are being sent.
 */
export const TRIAL_REMINDER_LEASE_MS = 10 * 60 * 1000;

export interface TrialReminderJobState {
  intervalSeconds: number;
  /** When the job last ran (ISO 8601), or null before its first run. */
  lastRunAt: string | null;
  lastReport: ReminderReport | null;
  /** The last failure of the last run (a send, or the run itself), or null. */
  lastError: string | null;
}

export interface TrialReminderJobOptions {
  reminders: TrialReminderDependencies;
  /** Seconds between runs; 0 turns the timer off (runOnce still works). */
  intervalSeconds: number;
  log: FastifyBaseLogger;
  batchSize?: number;
  leaseMs?: number;
}

export interface TrialReminderJob {
  /** Runs every interval from now on, each run after the previous one has finished. */
  start(): void;
  /** Stops the timer and waits for a run in progress, which stops before its next reminder. */
  stop(): Promise<void>;
  /** One run; `at` stands in for the clock (tests step through a trial's days and the backoff). */
  runOnce(at?: Date): Promise<ReminderReport | null>;
  state(): TrialReminderJobState;
}

/**
 * The trial reminder job (docs/payments.md, "Trial reminders"): two days before a trial ends, the
 * person is reminded once. Every server instance runs it; the claim (FOR UPDATE SKIP LOCKED and a
 * lease) gives each reminder to one instance, and its state lives in the database, so a restart
 * neither loses nor repeats one.
 */
export function createTrialReminderJob({
  reminders,
  intervalSeconds,
  log,
  batchSize = TRIAL_REMINDER_BATCH_SIZE,
  leaseMs = TRIAL_REMINDER_LEASE_MS,
}: TrialReminderJobOptions): TrialReminderJob {
  const state: TrialReminderJobState = {
    intervalSeconds,
    lastRunAt: null,
    lastReport: null,
    lastError: null,
  };
  async function run(at: Date | undefined): Promise<ReminderReport | null> {
    const clock = at ? () => at : () => new Date();
    let report: ReminderReport | null = null;
    try {
      report = await remindDueTrials(reminders, {
        clock,
        batchSize,
        leaseMs,
        stopping: () => timer.stopping(),
      });
      state.lastError = report.lastError;
    } catch (error) {
      state.lastError = describeForwardError(error);
      log.warn({ err: error }, 'trial reminders: the run failed');
    }
    state.lastRunAt = clock().toISOString();
    state.lastReport = report;
    if (report && report.attempted > 0) {
      log[report.givenUp > 0 ? 'warn' : 'info'](
        { trialReminders: report },
        `trial reminders: ${report.sent} sent, ${report.skipped} not needed, ${report.failed} failed`,
      );
    }
    return report;
  }

  const timer = periodicJobTimer(intervalSeconds, run, (error) =>
    log.error({ err: error }, 'trial reminders: a run failed'),
  );
  return {
    start: timer.start,
    stop: timer.stop,
    runOnce: timer.runOnce,
    state: () => structuredClone(state),
  };
}
