import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { webFirstAnswers } from '../../db/schema';

export type FunnelAnswersRow = typeof webFirstAnswers.$inferSelect;
export type FunnelAnswersChanges = Partial<
  Pick<
    FunnelAnswersRow,
    | 'intention'
    | 'outcome'
    | 'age'
    | 'occupation'
    | 'mostDisruptive'
    | 'worstApp'
    | 'hdyh'
    | 'hdyhDetail'
    | 'step'
  >
>;

export async function findFunnelAnswers(db: Database, userId: string): Promise<FunnelAnswersRow | null> {
  const [row] = await db.select().from(webFirstAnswers).where(eq(webFirstAnswers.userId, userId));
  return row ?? null;
}

/** Inserts the row on the first save; afterwards changes only the answers sent. */
export async function upsertFunnelAnswers(
  db: Database,
  userId: string,
  changes: FunnelAnswersChanges,
): Promise<void> {
  await db
    .insert(webFirstAnswers)
    .values({ userId, ...changes })
    .onConflictDoUpdate({ target: webFirstAnswers.userId, set: changes });
}
