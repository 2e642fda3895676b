import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns';

// Newsletter sign-ups (docs/newsletter.md). The e-mail is stored lower-cased and is the key, so
// signing up twice finds the same row. An address is on the list only once it confirmed (double
// opt-in) and until it unsubscribes.
export const newsletterSignup = pgTable(
  'newsletter_signup',
  {
    email: text('email').primaryKey(),
    createdAt: createdAt(),
    // When a confirmation link was opened; null until then. Nothing but confirmations goes out before.
    confirmedAt: timestamptz('confirmed_at'),
    // When the address unsubscribed; a new sign-up clears it and asks for a new confirmation.
    unsubscribedAt: timestamptz('unsubscribed_at'),
    // The key of the unsubscribe link every mail to this address carries. Kept as is, since each
    // later mail must carry it again; it can do one thing only: take this address off the list.
    unsubscribeToken: text('unsubscribe_token').notNull().unique(),
  },
  (t) => [check('newsletter_signup_email_lower', sql`${t.email} = lower(${t.email})`)],
);

// One confirmation e-mail each: its link's token (only its SHA-256 is kept), when the token
// expires and when it was used, and the delivery of the e-mail, retried by the forwarding job
// (docs/forwarding.md) until the mail server took it.
export const newsletterConfirmation = pgTable(
  'newsletter_confirmation',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email')
      .notNull()
      .references(() => newsletterSignup.email, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
    // Null until the mail server (or the development outbox) took the e-mail.
    sentAt: timestamptz('sent_at'),
    sendAttempts: integer('send_attempts').notNull().default(0),
    nextSendAt: timestamptz('next_send_at'),
    sendGivenUpAt: timestamptz('send_given_up_at'),
    lastSendError: text('last_send_error'),
  },
  (t) => [
    // The address's confirmations, newest first: how recently and how often one was sent.
    index('newsletter_confirmation_email_idx').on(t.email, t.createdAt),
    // Finds the e-mails still waiting to be sent, for retries.
    index('newsletter_confirmation_unsent_idx').on(t.createdAt).where(sql`${t.sentAt} is null`),
  ],
);
