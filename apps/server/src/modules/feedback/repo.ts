import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { feedbackMessage } from '../../db/schema';

export type FeedbackRow = typeof feedbackMessage.$inferSelect;

export async function insertFeedback(
  db: Database,
  values: Pick<FeedbackRow, 'userId' | 'content' | 'location' | 'email' | 'phoneNumber' | 'trialEmail'> &
    Partial<Pick<FeedbackRow, 'extensionVersion' | 'installRef'>>,
): Promise<FeedbackRow> {
  const [row] = await db.insert(feedbackMessage).values(values).returning();
  if (!row) throw new Error('insert into feedback_message returned no row');
  return row;
}

export async function markForwarded(db: Database, id: string): Promise<void> {
  await db.update(feedbackMessage).set({ forwardedAt: new Date() }).where(eq(feedbackMessage.id, id));
}
