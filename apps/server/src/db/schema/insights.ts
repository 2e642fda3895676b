import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { createdAt, timestamptz, updatedAt } from './columns';
import { browserSite } from './sites';

// One pause (intercept) and what came of it (docs/insights.md). The id is the client's
// interceptId, so a repeated report finds its row instead of counting twice.
export const interceptOutcome = pgTable(
  'intercept_outcome',
  {
    id: uuid('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    siteId: uuid('site_id')
      .notNull()
      .references(() => browserSite.id, { onDelete: 'cascade' }),
    // The person's local day of the pause; insights count per userDay.
    userDay: integer('user_day').notNull(),
    // core's INTERCEPT_OUTCOMES: shown until settled by nevermind, session or left.
    outcome: text('outcome').notNull(),
    // Only for outcome "session": the length chosen at the pause.
    sessionLengthInMilliseconds: integer('session_length_in_milliseconds'),
    // When the pause was shown and when it was settled, by the client's clock.
    shownAt: timestamptz('shown_at').notNull(),
    settledAt: timestamptz('settled_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('intercept_outcome_outcome_known', sql`${t.outcome} in ('shown', 'nevermind', 'session', 'left')`),
    check(
      'intercept_outcome_session_length',
      sql`(${t.outcome} = 'session') = (${t.sessionLengthInMilliseconds} is not null)`,
    ),
    // A person's week of pauses, for insights.
    index('intercept_outcome_user_day_idx').on(t.userId, t.userDay),
    // Needed by the ON DELETE CASCADE from browser_site.
    index('intercept_outcome_site_idx').on(t.siteId),
  ],
);
