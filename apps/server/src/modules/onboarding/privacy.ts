import { eq, getTableName } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { onboardingAnswers, webFirstAnswers } from '../../db/schema';

// Account deletion and export (docs/privacy.md): the answers go with the user row (the foreign keys
// cascade), so only the export needs this module.

/** The person's onboarding answers and the web funnel's. */
export async function exportUser(db: Database, userId: string) {
  const [inApp, funnel] = await Promise.all([
    db.select().from(onboardingAnswers).where(eq(onboardingAnswers.userId, userId)),
    db.select().from(webFirstAnswers).where(eq(webFirstAnswers.userId, userId)),
  ]);
  return { [getTableName(onboardingAnswers)]: inApp, [getTableName(webFirstAnswers)]: funnel };
}
