import { sql } from 'drizzle-orm';
import { check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { createdAt } from './columns';

// Short links (/l/{code}) that send each visitor to the right place for their platform: the iOS
// fallback on iPhone and iPad, the Play Store on Android, the desktop fallback elsewhere. The
// code is random and public, so a link reveals nothing but where it leads.
export const deepLink = pgTable(
  'deep_link',
  {
    code: text('code').primaryKey(),
    // Set null rather than cascade: a link already printed or shared keeps working after its
    // creator deletes their account; it holds nothing personal.
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    desktopUrl: text('desktop_url').notNull(),
    iosUrl: text('ios_url').notNull(),
    suggestedAuthMethod: text('suggested_auth_method', {
      enum: ['GOOGLE', 'APPLE', 'PHONE_NUMBER'],
    }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('deep_link_user_id_idx').on(t.userId),
    check(
      'deep_link_suggested_auth_method_valid',
      sql`${t.suggestedAuthMethod} in ('GOOGLE', 'APPLE', 'PHONE_NUMBER')`,
    ),
  ],
);
