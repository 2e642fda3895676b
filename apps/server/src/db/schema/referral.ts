import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { createdAt, timestamptz } from './columns';

// A visit to /referral-link (viewAppReferral); clickedDownloadFromAppReferral stamps it.
export const referralView = pgTable(
  'referral_view',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Null when the link had no (or an unknown) sharedByUserId.
    referringUserId: text('referring_user_id').references(() => user.id, { onDelete: 'set null' }),
    clickedDownloadAt: timestamptz('clicked_download_at'),
    createdAt: createdAt(),
  },
  (t) => [index('referral_view_referring_user_idx').on(t.referringUserId)],
);
