import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { createdAt, updatedAt } from './columns';

// Per-user profile (SPEC §3). Screen time today comes from mobile_screen_time.
export const profile = pgTable(
  'profile',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    displayName: text('display_name'),
    // Epoch seconds; the day streak counts days since this instant.
    streakStarted: bigint('streak_started', { mode: 'number' }),
    // Last known local offset from UTC in minutes (as the mobile app reports it), so the
    // server can turn instants into the user's userDay when no client supplies one.
    timezoneOffsetMinutes: integer('timezone_offset_minutes'),
    // The e-mail a trial link was sent to (sign-in's trialEmail), so feedback and restore-purchase
    // requests can name it when the page no longer knows it.
    trialEmail: text('trial_email'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // UTC-14..UTC+14 whichever sign convention the client uses; NULL passes.
    check('profile_timezone_offset_range', sql`${t.timezoneOffsetMinutes} between -840 and 840`),
  ],
);
