import { asc, eq, getTableName } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { trialReminder } from '../../db/schema';

// Account deletion and export (docs/privacy.md): reminders go with the user row (the foreign key
// cascades), so only the export needs this module.

/** The reminders of the person's trials: when each was due, sent or not needed. */
export async function exportUser(db: Database, userId: string) {
  const rows = await db
    .select()
    .from(trialReminder)
    .where(eq(trialReminder.userId, userId))
    .orderBy(asc(trialReminder.dueAt));
  return { [getTableName(trialReminder)]: rows };
}
