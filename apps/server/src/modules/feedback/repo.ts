import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { feedbackMessage } from '../../db/schema';
import type { ForwardResult } from '../../forwarding/backoff';
import {
  claimDueRows,
  countForwardingBacklog,
  type ForwardingClaim,
  forwardResultValues,
} from '../../forwarding/columns';
import type { ForwardingBacklog } from '../../forwarding/retry';

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

/** Due rows for this instance alone, leased before anything is sent (forwarding/columns.ts). */
export function claimDueFeedback(db: Database, claim: ForwardingClaim): Promise<FeedbackRow[]> {
  return claimDueRows(
    db,
    {
      table: feedbackMessage,
      columns: feedbackMessage,
      key: feedbackMessage.id,
      keyOf: (row: FeedbackRow) => row.id,
      storedAt: feedbackMessage.createdAt,
    },
    claim,
  );
}

export async function recordFeedbackForward(db: Database, id: string, result: ForwardResult): Promise<void> {
  await db.update(feedbackMessage).set(forwardResultValues(result)).where(eq(feedbackMessage.id, id));
}

export const feedbackForwardingBacklog = (db: Database): Promise<ForwardingBacklog> =>
  countForwardingBacklog(db, feedbackMessage, feedbackMessage);
