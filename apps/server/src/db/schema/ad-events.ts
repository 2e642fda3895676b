import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { createdAt, timestamptz } from './columns';

// Funnel conversion events for the ad platform (trackTikTokEvent). Stored first, then forwarded to
// TikTok's Events API, so a failing forward loses nothing. The client's eventId is the key: the
// same event sent twice (a retry, a double click) is one row (ON CONFLICT DO NOTHING).
export const adEvent = pgTable(
  'ad_event',
  {
    eventId: text('event_id').primaryKey(),
    // The platform's event name, e.g. "ViewContent", "CompleteRegistration", "CompletePayment".
    event: text('event').notNull(),
    properties: jsonb('properties').$type<Record<string, string | number | boolean | null>>().notNull(),
    // When the client says it happened.
    eventTime: timestamptz('event_time').notNull(),
    // The TikTok pixel the event belongs to (the Events API's event_source_id).
    pixelCode: text('pixel_code').notNull(),
    // Null for signed-out visitors; kept anonymous if the user is deleted.
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    // Null until the ad platform (or, without one, the log) took it.
    forwardedAt: timestamptz('forwarded_at'),
    // Forwarding retries (docs/forwarding.md): attempts so far, when the next one is due, and when
    // the job gave up. A row is never deleted.
    forwardAttempts: integer('forward_attempts').notNull().default(0),
    nextForwardAt: timestamptz('next_forward_at'),
    forwardGivenUpAt: timestamptz('forward_given_up_at'),
    lastForwardError: text('last_forward_error'),
  },
  (t) => [
    // Needed by the ON DELETE SET NULL from user.
    index('ad_event_user_id_idx').on(t.userId),
    // Finds events still waiting to be forwarded, for retries.
    index('ad_event_unforwarded_idx').on(t.createdAt).where(sql`${t.forwardedAt} is null`),
  ],
);
