import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { timestamptz } from './columns';

// Events received by the analytics proxy (SPEC §7), kept even when forwarding is off.
export const analyticsEvent = pgTable(
  'analytics_event',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    // Null for signed-out visitors; kept anonymous if the user is deleted.
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    properties: jsonb('properties').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    // When the client says it happened, and when the server got it.
    occurredAt: timestamptz('occurred_at').notNull(),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
    // Null until the analytics service accepted it (or, with forwarding off, the log took it).
    forwardedAt: timestamptz('forwarded_at'),
    // Forwarding retries (docs/forwarding.md): attempts so far, when the next one is due, and when
    // the job gave up. A row is never deleted.
    forwardAttempts: integer('forward_attempts').notNull().default(0),
    nextForwardAt: timestamptz('next_forward_at'),
    forwardGivenUpAt: timestamptz('forward_given_up_at'),
    lastForwardError: text('last_forward_error'),
  },
  (t) => [
    // Counting one event over a time range.
    index('analytics_event_name_occurred_at_idx').on(t.name, t.occurredAt),
    // Needed by the ON DELETE SET NULL from user, and per-user event lookups.
    index('analytics_event_user_id_idx').on(t.userId),
    // Finds events still waiting to be forwarded, for retries.
    index('analytics_event_unforwarded_idx').on(t.receivedAt).where(sql`${t.forwardedAt} is null`),
  ],
);
