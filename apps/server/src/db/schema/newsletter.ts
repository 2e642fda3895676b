import { sql } from 'drizzle-orm';
import { check, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

// Newsletter sign-ups. The e-mail is stored lower-cased and is the key, so signing up
// twice is a no-op (ON CONFLICT DO NOTHING) rather than a duplicate.
export const newsletterSignup = pgTable(
  'newsletter_signup',
  {
    email: text('email').primaryKey(),
    createdAt: createdAt(),
  },
  (t) => [check('newsletter_signup_email_lower', sql`${t.email} = lower(${t.email})`)],
);
