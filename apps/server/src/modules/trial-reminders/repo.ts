import { and, asc, eq, gt, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  type TrialReminderChannel,
  type TrialReminderKind,
  type TrialReminderSkipReason,
  trialReminder,
} from '../../db/schema';

export type TrialReminderRow = typeof trialReminder.$inferSelect;

/** A trial that has come within two days of its end, as the job found it. */
export interface DueTrial {
  trialKey: string;
  userId: string;
  kind: TrialReminderKind;
  subscriptionId: string | null;
  trialEndsAt: Date;
  dueAt: Date;
}

const pending = and(
  isNull(trialReminder.sentAt),
  isNull(trialReminder.skippedAt),
  isNull(trialReminder.givenUpAt),
);

/**
 * Records the reminders of these trials. The trial's key is the primary key, so two instances
 * finding the same trial write one row. A reminder not sent yet follows its trial's end when it
 * moved (the test clock, a changed plan); one sent or settled is never touched again.
 */
export async function recordDueTrials(db: Database, trials: readonly DueTrial[]): Promise<void> {
  if (trials.length === 0) return;
  await db
    .insert(trialReminder)
    .values([...trials])
    .onConflictDoUpdate({
      target: trialReminder.trialKey,
      set: {
        trialEndsAt: sql.raw('excluded.trial_ends_at'),
        dueAt: sql.raw('excluded.due_at'),
        updatedAt: sql`now()`,
      },
      setWhere: and(pending, ne(trialReminder.trialEndsAt, sql.raw('excluded.trial_ends_at'))),
    });
}

/**
 * Reminders whose trial ended before they could be sent (the server was off, every attempt
 * failed until then) are settled as `ended`: a reminder after the end would only confuse.
 */
export async function settleEndedTrials(db: Database, now: Date): Promise<void> {
  await db
    .update(trialReminder)
    .set({ skippedAt: now, skipReason: 'ended', nextAttemptAt: null })
    .where(and(pending, lte(trialReminder.trialEndsAt, now)));
}

export interface ReminderClaim {
  now: Date;
  /** Claimed rows are due again only then, so no other instance takes them meanwhile. */
  leaseUntil: Date;
  limit: number;
}

/**
 * Takes due reminders for this server instance alone: rows another instance has locked are
 * skipped (FOR UPDATE SKIP LOCKED), and the lease written before the commit keeps them from
 * every later claim until it ends. The transaction ends before anything is sent.
 */
export function claimDueReminders(db: Database, claim: ReminderClaim): Promise<TrialReminderRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(trialReminder)
      .where(
        and(
          pending,
          lte(trialReminder.dueAt, claim.now),
          gt(trialReminder.trialEndsAt, claim.now),
          or(isNull(trialReminder.nextAttemptAt), lte(trialReminder.nextAttemptAt, claim.now)),
        ),
      )
      .orderBy(asc(trialReminder.dueAt))
      .limit(claim.limit)
      .for('update', { skipLocked: true });
    if (due.length > 0) {
      await tx
        .update(trialReminder)
        .set({ nextAttemptAt: claim.leaseUntil })
        .where(
          inArray(
            trialReminder.trialKey,
            due.map((row) => row.trialKey),
          ),
        );
    }
    return due;
  });
}

export async function markSent(
  db: Database,
  trialKey: string,
  values: { attempts: number; sentAt: Date; channel: TrialReminderChannel; trialEndsAt: Date },
): Promise<void> {
  await db
    .update(trialReminder)
    .set({ ...values, nextAttemptAt: null, lastError: null })
    .where(and(eq(trialReminder.trialKey, trialKey), isNull(trialReminder.sentAt)));
}

export async function markFailed(
  db: Database,
  trialKey: string,
  values: { attempts: number; nextAttemptAt: Date | null; givenUpAt: Date | null; lastError: string },
): Promise<void> {
  await db
    .update(trialReminder)
    .set(values)
    .where(and(eq(trialReminder.trialKey, trialKey), isNull(trialReminder.sentAt)));
}

export async function markSkipped(
  db: Database,
  trialKey: string,
  reason: TrialReminderSkipReason,
  now: Date,
): Promise<void> {
  await db
    .update(trialReminder)
    .set({ skippedAt: now, skipReason: reason, nextAttemptAt: null })
    .where(and(eq(trialReminder.trialKey, trialKey), isNull(trialReminder.sentAt)));
}

/** The trial now ends later than it did: the reminder waits for its new time. */
export async function reschedule(
  db: Database,
  trialKey: string,
  values: { trialEndsAt: Date; dueAt: Date },
): Promise<void> {
  await db
    .update(trialReminder)
    .set({ ...values, nextAttemptAt: null })
    .where(and(eq(trialReminder.trialKey, trialKey), isNull(trialReminder.sentAt)));
}
