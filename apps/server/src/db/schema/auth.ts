import { bigint, boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt } from './columns';

// Better Auth 1.7 core tables (getAuthTables in @better-auth/core) plus the phoneNumber
// plugin's user columns. The Drizzle adapter addresses tables by their export name
// (`user`, `session`, ... with usePlural: false) and columns by property name, so the
// property names below must stay exactly as Better Auth names its fields. Column names
// are snake_case like the rest of the schema. Ids are strings Better Auth generates.

export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  // phoneNumber plugin: one account per number, so sign-in by phone finds one user.
  phoneNumber: text('phone_number').unique(),
  phoneNumberVerified: boolean('phone_number_verified'),
});

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamptz('expires_at').notNull(),
    // The bearer token; looked up on every authenticated request.
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamptz('access_token_expires_at'),
    refreshTokenExpiresAt: timestamptz('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('account_user_id_idx').on(t.userId),
    // One Google/Apple identity belongs to one user, even if two callbacks race.
    uniqueIndex('account_provider_account_uidx').on(t.providerId, t.accountId),
  ],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    // e.g. the phone number an OTP was sent to; every verify looks it up.
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

// A short-lived, single-use token the web app hands to the extension, which trades it
// for its own session. Only a hash is stored so a database leak cannot be replayed;
// redeeming is one `UPDATE ... WHERE used_at IS NULL AND expires_at > now()`.
export const extensionExchangeToken = pgTable(
  'extension_exchange_token',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    // The session that minted it. Signing out or revoking that session deletes the token with it,
    // and redeeming requires the session still live. Null only for tokens minted before this column.
    sessionId: text('session_id').references(() => session.id, { onDelete: 'cascade' }),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('extension_exchange_token_user_id_idx').on(t.userId),
    index('extension_exchange_token_session_id_idx').on(t.sessionId),
    // Lets a cleanup job delete expired tokens without a full scan.
    index('extension_exchange_token_expires_at_idx').on(t.expiresAt),
  ],
);

// One row per OTP SMS sent, for the per-phone send cooldown and hourly cap that the
// phoneNumber plugin lacks. Rows older than the longest window can be pruned.
export const otpSendLog = pgTable(
  'otp_send_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    phoneNumber: text('phone_number').notNull(),
    sentAt: timestamptz('sent_at').notNull().defaultNow(),
  },
  (t) => [
    // "last send for this phone" and "sends for this phone in the last hour".
    index('otp_send_log_phone_sent_at_idx').on(t.phoneNumber, t.sentAt),
  ],
);
