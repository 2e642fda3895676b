import { eq, getTableName } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { feedblockingSettings } from '../../db/schema';

// Account deletion and export (docs/privacy.md): the settings go with the user row (the foreign key
// cascades), so only the export needs this module.

/** The person's feed blocking switches, when they saved any. */
export async function exportUser(db: Database, userId: string) {
  const rows = await db.select().from(feedblockingSettings).where(eq(feedblockingSettings.userId, userId));
  return { [getTableName(feedblockingSettings)]: rows };
}
