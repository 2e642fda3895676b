import { boolean, pgTable, text } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { createdAt, updatedAt } from './columns';

// Feed blocking on the six sites of SPEC §3, all on by default. A missing row means the
// user has not finished setup (home shows "Finish Setup"), so rows are created on save.
export const feedblockingSettings = pgTable('feedblocking_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  facebookFeedblocking: boolean('facebook_feedblocking').notNull().default(true),
  youtubeFeedblocking: boolean('youtube_feedblocking').notNull().default(true),
  twitterFeedblocking: boolean('twitter_feedblocking').notNull().default(true),
  linkedinFeedblocking: boolean('linkedin_feedblocking').notNull().default(true),
  instagramFeedblocking: boolean('instagram_feedblocking').notNull().default(true),
  redditFeedblocking: boolean('reddit_feedblocking').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
