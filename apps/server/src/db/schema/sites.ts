import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth';
import { createdAt, timestamptz, updatedAt } from './columns';

// A site the user wants intercepted, with a daily session budget (SPEC §3 custom site).
// Archiving keeps the row (and its session history) but frees the origin for re-adding.
export const browserSite = pgTable(
  'browser_site',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    // Normalised origin, e.g. https://www.youtube.com.
    siteOrigin: text('site_origin').notNull(),
    // core's siteMatchKey of the origin (youtube.com for www.youtube.com, localhost:8080 with its
    // port): what duplicates are judged by, the same identity the extension intercepts by.
    siteMatchKey: text('site_match_key').notNull(),
    // Sessions allowed per day.
    budget: integer('budget').notNull().default(3),
    active: boolean('active').notNull().default(true),
    archivedAt: timestamptz('archived_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('browser_site_budget_min', sql`${t.budget} >= 1`),
    // A user cannot have the same live site twice, however typed (addBrowserSite answers 409, even
    // when two adds race); archived rows do not count. Also serves the hot "live sites of this user" lookup.
    uniqueIndex('browser_site_user_match_key_live_uidx')
      .on(t.userId, t.siteMatchKey)
      .where(sql`${t.archivedAt} is null`),
  ],
);

// One intercept session. The id is the UUID the client generates, so retrying
// startBrowserSiteSession inserts nothing new (ON CONFLICT (id) DO NOTHING).
export const browserSiteSession = pgTable(
  'browser_site_session',
  {
    id: uuid('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    siteId: uuid('site_id')
      .notNull()
      .references(() => browserSite.id, { onDelete: 'cascade' }),
    // Epoch seconds, as the client sends it (SPEC §3 Session).
    timeStarted: bigint('time_started', { mode: 'number' }).notNull(),
    lengthInMilliseconds: integer('length_in_milliseconds').notNull(),
    // The user's local day number when the session started; budgets count per userDay.
    userDay: integer('user_day').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('browser_site_session_length_positive', sql`${t.lengthInMilliseconds} > 0`),
    // Today's (and yesterday's still-running) sessions of all of a user's sites.
    index('browser_site_session_user_day_idx').on(t.userId, t.userDay),
    // Sessions used today for one site, to enforce its budget.
    index('browser_site_session_site_day_idx').on(t.siteId, t.userDay),
    // A user's sessions still running now, whatever day they started on (the extension's hot path).
    index('browser_site_session_user_started_idx').on(t.userId, t.timeStarted),
  ],
);
