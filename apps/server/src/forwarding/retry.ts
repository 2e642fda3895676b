import type { BackgroundTasks } from '../background';
import { type ForwardResult, forwardFailed, forwardSucceeded } from './backoff';
import type { ForwardingClaim } from './columns';

/**
 * One kind of stored row that is handed on to an outside service, as its owning module provides
 * it: the owner's repo claims and records rows, the owner's integration sends them. The steps
 * around them (the backoff, the retry loop) are the same for every kind and live here once.
 */
export interface ForwardedRows<Row extends { forwardAttempts: number }> {
  /** Takes due rows for this server instance alone and leases them (docs/forwarding.md). */
  claimDue(claim: ForwardingClaim): Promise<Row[]>;
  /** Hands one row on; resolves when the service accepted it, throws when it did not. */
  send(row: Row): Promise<void>;
  record(row: Row, result: ForwardResult): Promise<void>;
}

/** Sends one row and writes the result back to it: forwarded, due again later, or given up. */
export async function attemptForward<Row extends { forwardAttempts: number }>(
  rows: ForwardedRows<Row>,
  row: Row,
  clock: () => Date,
): Promise<ForwardResult> {
  let result: ForwardResult;
  try {
    await rows.send(row);
    result = forwardSucceeded(row.forwardAttempts, clock());
  } catch (error) {
    result = forwardFailed(row.forwardAttempts, error, clock());
  }
  await rows.record(row, result);
  return result;
}

/**
 * The first attempt, right after the answer. A failure is recorded on the row (the job retries it)
 * and also thrown, so the background runner logs it.
 */
export function forwardAfterAnswer<Row extends { forwardAttempts: number }>(
  background: BackgroundTasks,
  description: string,
  rows: ForwardedRows<Row>,
  row: Row,
): void {
  background.run(description, async () => {
    const result = await attemptForward(rows, row, () => new Date());
    if (!result.ok) throw new Error(result.error);
  });
}

/** How one run of the retry job goes, the same for every kind. */
export interface RetryRun {
  clock: () => Date;
  batchSize: number;
  /** How long a claim holds its rows: longer than sending a whole batch can take. */
  leaseMs: number;
  /** Rows younger than this are left to the first attempt, which may still be running. */
  graceMs: number;
  /** True once the server is closing; the run stops before the next row. */
  stopping: () => boolean;
}

export interface RetryReport {
  attempted: number;
  forwarded: number;
  failed: number;
  givenUp: number;
  /** The last failure of the run, or null when every attempt succeeded. */
  lastError: string | null;
}

/**
 * Claims due rows a batch at a time and tries each once, until none are due. Claimed rows are
 * leased before anything is sent, so another instance's run skips them; a row left unsent because
 * the server is closing comes due again when its lease ends.
 */
export async function retryDue<Row extends { forwardAttempts: number }>(
  rows: ForwardedRows<Row>,
  run: RetryRun,
): Promise<RetryReport> {
  const report: RetryReport = { attempted: 0, forwarded: 0, failed: 0, givenUp: 0, lastError: null };
  while (!run.stopping()) {
    const now = run.clock();
    const claimed = await rows.claimDue({
      now,
      storedBefore: new Date(now.getTime() - run.graceMs),
      leaseUntil: new Date(now.getTime() + run.leaseMs),
      limit: run.batchSize,
    });
    for (const row of claimed) {
      if (run.stopping()) break;
      const result = await attemptForward(rows, row, run.clock);
      report.attempted += 1;
      if (result.ok) {
        report.forwarded += 1;
      } else {
        report.failed += 1;
        report.lastError = result.error;
        if (result.givenUpAt) report.givenUp += 1;
      }
    }
    if (claimed.length < run.batchSize) break;
  }
  return report;
}

export interface ForwardingBacklog {
  /** Not forwarded yet and still being tried. */
  pending: number;
  givenUp: number;
}

/** What the retry job asks of each kind; each owning service provides one. */
export interface ForwardingKind {
  retryDue(run: RetryRun): Promise<RetryReport>;
  backlog(): Promise<ForwardingBacklog>;
}
