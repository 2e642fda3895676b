import { FEEDBLOCKING_SETTING_KEYS, type FeedblockingSettings } from '@stillpoint/core';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { feedblockingSettings } from '../../db/schema';

type Row = typeof feedblockingSettings.$inferSelect;

const toSettings = (row: Row): FeedblockingSettings =>
  Object.fromEntries(FEEDBLOCKING_SETTING_KEYS.map((key) => [key, row[key]])) as FeedblockingSettings;

export async function findSettings(db: Database, userId: string): Promise<FeedblockingSettings | null> {
  const [row] = await db.select().from(feedblockingSettings).where(eq(feedblockingSettings.userId, userId));
  return row ? toSettings(row) : null;
}

/** Creates the row from `whenNew` on the first save; afterwards changes only the keys in `changes`. */
export async function upsertSettings(
  db: Database,
  userId: string,
  whenNew: FeedblockingSettings,
  changes: Partial<FeedblockingSettings>,
): Promise<FeedblockingSettings> {
  const [row] = await db
    .insert(feedblockingSettings)
    .values({ userId, ...whenNew })
    .onConflictDoUpdate({ target: feedblockingSettings.userId, set: changes })
    .returning();
  if (!row) throw new Error('upsert into feedblocking_settings returned no row');
  return toSettings(row);
}

/** Creates the row unless one exists; null when it did (concurrent first saves cannot both win). */
export async function insertSettingsIfAbsent(
  db: Database,
  userId: string,
  settings: FeedblockingSettings,
): Promise<FeedblockingSettings | null> {
  const [row] = await db
    .insert(feedblockingSettings)
    .values({ userId, ...settings })
    .onConflictDoNothing({ target: feedblockingSettings.userId })
    .returning();
  return row ? toSettings(row) : null;
}
