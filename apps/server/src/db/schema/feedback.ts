import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { createdAt, timestamptz } from './columns';

// Feedback from the web app (feedback modal, uninstall page, restore purchase). Stored
// first, then forwarded to the team-chat webhook, so a failing webhook loses nothing.
export const feedbackMessage = pgTable(
  'feedback_message',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    // e.g. "web app feedback - home".
    location: text('location').notNull(),
    email: text('email'),
    phoneNumber: text('phone_number'),
    trialEmail: text('trial_email'),
    // Uninstall feedback only: what the extension's uninstall address carried, as sent. The install
    // reference is a random id the extension made; nothing on the server maps it to a person.
    extensionVersion: text('extension_version'),
    installRef: text('install_ref'),
    createdAt: createdAt(),
    // Null until the webhook (or, without one, the log) took it.
    forwardedAt: timestamptz('forwarded_at'),
    // Forwarding retries (docs/forwarding.md): attempts so far, when the next one is due, and when
    // the job gave up. A row is never deleted.
    forwardAttempts: integer('forward_attempts').notNull().default(0),
    nextForwardAt: timestamptz('next_forward_at'),
    forwardGivenUpAt: timestamptz('forward_given_up_at'),
    lastForwardError: text('last_forward_error'),
  },
  (t) => [
    // Finds messages still waiting to be forwarded, for retries.
    index('feedback_message_unforwarded_idx').on(t.createdAt).where(sql`${t.forwardedAt} is null`),
  ],
);
