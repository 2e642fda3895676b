import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { createdAt, updatedAt } from './columns';

// Catalogue of phone apps the mobile app recognises (SPEC §3 supported app).
export const supportedApp = pgTable('supported_app', {
  // Stable slug, e.g. "instagram"; the mobile app reports apps by this id.
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  // Storage path of the icon; the server resolves it to a URL the browser can load.
  iconPath: text('icon_path').notNull(),
  createdAt: createdAt(),
});

// An app the user limits on their phone, as reported by the mobile app.
export const mobileApp = pgTable(
  'mobile_app',
  {
    // The mobile app may send its own UUID so re-reporting the same app is an upsert.
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    // Null for an app outside the catalogue (shown as its name, or "Unknown").
    supportedAppId: text('supported_app_id').references(() => supportedApp.id, { onDelete: 'set null' }),
    name: text('name'),
    // Opens allowed per day.
    budget: integer('budget').notNull(),
    // Web domains of the app, offered as "+ add site" chips on the phone card.
    domains: text('domains').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('mobile_app_budget_min', sql`${t.budget} >= 0`),
    // A catalogue app appears once per user, so ingest can upsert on it. NULLs are
    // distinct, so any number of uncatalogued apps are allowed.
    unique('mobile_app_user_supported_app_uq').on(t.userId, t.supportedAppId),
    // An uncatalogued app is known by its name instead, so a resend updates it rather than adding a twin.
    uniqueIndex('mobile_app_user_name_uncatalogued_uidx')
      .on(t.userId, sql`lower(${t.name})`)
      .where(sql`${t.supportedAppId} is null`),
  ],
);

// Use per app and local day, as the phone reports it (docs/mobile-ingest.md); fetchApps answers
// these days, newest first, so currentWeekSessions[0] is today.
export const mobileAppDailyUsage = pgTable(
  'mobile_app_daily_usage',
  {
    mobileAppId: uuid('mobile_app_id')
      .notNull()
      .references(() => mobileApp.id, { onDelete: 'cascade' }),
    userDay: integer('user_day').notNull(),
    appOpens: integer('app_opens').notNull().default(0),
    minutesUsed: integer('minutes_used').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One row per app and day: a resent day overwrites it (upsert) instead of adding up twice.
    primaryKey({ name: 'mobile_app_daily_usage_pk', columns: [t.mobileAppId, t.userDay] }),
    check('mobile_app_daily_usage_opens_min', sql`${t.appOpens} >= 0`),
    check('mobile_app_daily_usage_minutes_range', sql`${t.minutesUsed} between 0 and 1440`),
  ],
);

// Weekly totals per app, as phones reported them before per-day reports: kept as week totals,
// shown apart and never compared with a daily budget.
export const mobileAppWeeklyUsage = pgTable(
  'mobile_app_weekly_usage',
  {
    mobileAppId: uuid('mobile_app_id')
      .notNull()
      .references(() => mobileApp.id, { onDelete: 'cascade' }),
    // userDay of the first day of the week.
    weekStartUserDay: integer('week_start_user_day').notNull(),
    totalAppOpens: integer('total_app_opens').notNull().default(0),
    totalMinutesUsed: integer('total_minutes_used').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One row per app and week: reports overwrite it (upsert) instead of adding up twice.
    primaryKey({ name: 'mobile_app_weekly_usage_pk', columns: [t.mobileAppId, t.weekStartUserDay] }),
    check('mobile_app_weekly_usage_opens_min', sql`${t.totalAppOpens} >= 0`),
    check('mobile_app_weekly_usage_minutes_min', sql`${t.totalMinutesUsed} >= 0`),
  ],
);

// Total phone screen time per user and local day (Profile.mobileScreenTimeToday).
export const mobileScreenTime = pgTable(
  'mobile_screen_time',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    userDay: integer('user_day').notNull(),
    minutes: integer('minutes').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'mobile_screen_time_pk', columns: [t.userId, t.userDay] }),
    check('mobile_screen_time_minutes_range', sql`${t.minutes} between 0 and 1440`),
  ],
);
