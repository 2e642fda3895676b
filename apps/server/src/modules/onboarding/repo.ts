import type { OnboardingAnswers } from '@stillpoint/core';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { onboardingAnswers } from '../../db/schema';

type Row = typeof onboardingAnswers.$inferSelect;

const toAnswers = (row: Row): OnboardingAnswers => ({
  hdyh: row.hdyh,
  hdyhDetail: row.hdyhDetail,
  onboardingIntention: row.onboardingIntention,
  onboardingOutcome: row.onboardingOutcome,
});

export async function findAnswers(db: Database, userId: string): Promise<OnboardingAnswers | null> {
  const [row] = await db.select().from(onboardingAnswers).where(eq(onboardingAnswers.userId, userId));
  return row ? toAnswers(row) : null;
}

/** Inserts the row on the first save; afterwards changes only the answers in `changes`. */
export async function upsertAnswers(
  db: Database,
  userId: string,
  changes: Partial<OnboardingAnswers>,
): Promise<OnboardingAnswers> {
  const [row] = await db
    .insert(onboardingAnswers)
    .values({ userId, ...changes })
    // The column's $onUpdate sets updated_at here too, as in an update().
    .onConflictDoUpdate({ target: onboardingAnswers.userId, set: changes })
    .returning();
  if (!row) throw new Error('upsert into onboarding_answers returned no row');
  return toAnswers(row);
}
