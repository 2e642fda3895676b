import { asc, eq, getTableName } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { interceptOutcome } from '../../db/schema';

// Account deletion and export (docs/privacy.md): pauses go with the user row (the foreign key
// cascades), so only the export needs this module.

/** Every pause the person was shown and what came of it. */
export async function exportUser(db: Database, userId: string) {
  const outcomes = await db
    .select()
    .from(interceptOutcome)
    .where(eq(interceptOutcome.userId, userId))
    .orderBy(asc(interceptOutcome.shownAt));
  return { [getTableName(interceptOutcome)]: outcomes };
}
