import { DEFAULT_FEEDBLOCKING_SETTINGS, type FeedblockingSettings } from '@stillpoint/core';
import type { Database } from '../../db/client';
import { findSettings, insertSettingsIfAbsent, upsertSettings } from './repo';

/** Null until the first save: the home page then offers Finish Setup. */
export const getSettings = (db: Database, userId: string) => findSettings(db, userId);

/** Saves the switches sent; on the first save the others start on, as every feed is blocked by default. */
export function updateSettings(
  db: Database,
  userId: string,
  changes: Partial<FeedblockingSettings>,
): Promise<FeedblockingSettings> {
  return upsertSettings(db, userId, { ...DEFAULT_FEEDBLOCKING_SETTINGS, ...changes }, changes);
}

/**
 * Saves switches only for a person who has saved none yet (the switches they did not name start
 * on); someone who already chose keeps their choice. Whether this call saved them.
 */
export async function saveSettingsIfNoneSaved(
  db: Database,
  userId: string,
  choices: Partial<FeedblockingSettings>,
): Promise<boolean> {
  return (
    (await insertSettingsIfAbsent(db, userId, { ...DEFAULT_FEEDBLOCKING_SETTINGS, ...choices })) !== null
  );
}
