import { bigint, index, pgTable, text } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { timestamptz } from './columns';

// Errors people's browsers reported (reportClientError), scrubbed before they are stored and kept
// 30 days (docs/observability.md, "Errors from browsers").
export const clientErrorReport = pgTable(
  'client_error_report',
  {
    // Insertion order is the list's order, and its cursor.
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamptz('at').notNull().defaultNow(),
    kind: text('kind', { enum: ['error', 'unhandledrejection'] }).notNull(),
    message: text('message').notNull(),
    stack: text('stack'),
    route: text('route').notNull(),
    release: text('release').notNull(),
    userAgent: text('user_agent'),
    // Null when the browser was signed out; the reports go with the account.
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
  },
  (t) => [
    // The retention job's purge by age.
    index('client_error_report_at_idx').on(t.at),
    // The ON DELETE CASCADE from user, and a person's export.
    index('client_error_report_user_id_idx').on(t.userId),
  ],
);
