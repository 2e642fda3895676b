import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { createdAt, timestamptz, updatedAt } from './columns';

export const trialReminderKinds = ['free_trial', 'paid_trial'] as const;
export type TrialReminderKind = (typeof trialReminderKinds)[number];

export const trialReminderChannels = ['email', 'sms'] as const;
export type TrialReminderChannel = (typeof trialReminderChannels)[number];

/** Why a reminder was not sent: the trial was canceled, converted, had ended, or nobody can be reached. */
export const trialReminderSkipReasons = ['canceled', 'converted', 'ended', 'no_contact'] as const;
export type TrialReminderSkipReason = (typeof trialReminderSkipReasons)[number];

// One row per trial that came within two days of its end (docs/payments.md, "Trial reminders"):
// the reminder's state, so it is sent once across restarts and server instances. The key names
// the trial, so "once" holds under races: `free-trial:<user id>` (the no-card trial, once per
// person) or `subscription:<provider subscription id>` (a paid plan's trial).
export const trialReminder = pgTable(
  'trial_reminder',
  {
    trialKey: text('trial_key').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: trialReminderKinds }).notNull(),
    // The paid plan's subscription; null for the no-card trial.
    subscriptionId: text('subscription_id'),
    // When the trial ends, as last seen; the reminder is due two days before.
    trialEndsAt: timestamptz('trial_ends_at').notNull(),
    dueAt: timestamptz('due_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    // After a failure, when it is tried again; while an instance sends it, the end of its lease.
    nextAttemptAt: timestamptz('next_attempt_at'),
    sentAt: timestamptz('sent_at'),
    channel: text('channel', { enum: trialReminderChannels }),
    skippedAt: timestamptz('skipped_at'),
    skipReason: text('skip_reason', { enum: trialReminderSkipReasons }),
    givenUpAt: timestamptz('given_up_at'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The reminders still to send, for the job's claim.
    index('trial_reminder_pending_idx')
      .on(t.dueAt)
      .where(sql`${t.sentAt} is null and ${t.skippedAt} is null and ${t.givenUpAt} is null`),
    check('trial_reminder_kind_valid', sql`${t.kind} in ('free_trial', 'paid_trial')`),
    check('trial_reminder_channel_valid', sql`${t.channel} is null or ${t.channel} in ('email', 'sms')`),
    check(
      'trial_reminder_skip_reason_valid',
      sql`${t.skipReason} is null or ${t.skipReason} in ('canceled', 'converted', 'ended', 'no_contact')`,
    ),
  ],
);
