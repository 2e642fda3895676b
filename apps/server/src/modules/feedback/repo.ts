import { and, desc, eq, ilike, lt, not, or, type SQL, sql } from 'drizzle-orm';
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

/** A page of messages for the support console, newest first, filtered by location prefix and words. */
export function listFeedback(
  db: Database,
  filter: {
    /** Only messages whose location starts with it, or (`exclude`) only those whose does not. */
    locationPrefix?: { prefix: string; exclude: boolean };
    words?: string;
    before?: FeedbackRow;
    limit: number;
  },
): Promise<FeedbackRow[]> {
  const conditions: SQL[] = [];
  const literal = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);
  if (filter.locationPrefix) {
    const starts = ilike(feedbackMessage.location, `${literal(filter.locationPrefix.prefix)}%`);
    conditions.push(filter.locationPrefix.exclude ? not(starts) : starts);
  }
  if (filter.words) {
    const pattern = `%${literal(filter.words)}%`;
    const matches = or(
      ilike(feedbackMessage.content, pattern),
      ilike(feedbackMessage.location, pattern),
      ilike(sql`coalesce(${feedbackMessage.email}, '')`, pattern),
    );
    if (matches) conditions.push(matches);
  }
  if (filter.before) {
    const older = or(
      lt(feedbackMessage.createdAt, filter.before.createdAt),
      and(eq(feedbackMessage.createdAt, filter.before.createdAt), lt(feedbackMessage.id, filter.before.id)),
    );
    if (older) conditions.push(older);
  }
  return db
    .select()
    .from(feedbackMessage)
    .where(and(...conditions))
    .orderBy(desc(feedbackMessage.createdAt), desc(feedbackMessage.id))
    .limit(filter.limit);
}

export async function findFeedback(db: Database, id: string): Promise<FeedbackRow | null> {
  const [row] = await db.select().from(feedbackMessage).where(eq(feedbackMessage.id, id));
  return row ?? null;
}
