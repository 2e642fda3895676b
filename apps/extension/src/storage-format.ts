import type { Platform, StorageArea } from './platform/types';
import { STORAGE_KEYS } from './storage-keys';

/**
 * Versions of what chrome.storage.local holds. An update of the extension keeps the person's
 * storage, so each change to a stored value's shape comes with a step here that rewrites the
 * older shape, and the stored format number says which steps have run. The data of the version
 * before accounts is older than this numbering and is converted on its own (legacy-data.ts).
 */
export interface StorageStep {
  /** The format this step brings storage to; steps are listed in order, 1, 2, 3… */
  version: number;
  /** Why the format changed, for the person reading the list. */
  change: string;
  migrate(area: StorageArea): Promise<void>;
}

export const STORAGE_STEPS: readonly StorageStep[] = [
  {
    version: 1,
    change:
      'The format of the first store release (0.1.0): auth, sites, feedblockingSettings, localSessions, ruleIds, openSiteIds, legacyData, syncStatus, installRef, pendingInterceptOutcomes. Nothing to rewrite; from here on the format is numbered.',
    migrate: async () => undefined,
  },
];

/** The format this build writes: the last step's. */
export const STORAGE_FORMAT = STORAGE_STEPS.at(-1)?.version ?? 0;

/** The stored format number; 0 when absent (storage from before formats were numbered, or empty). */
export async function storedFormat(area: StorageArea): Promise<number> {
  const value = (await area.get(STORAGE_KEYS.storageFormat))[STORAGE_KEYS.storageFormat];
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : 0;
}

/**
 * Runs the steps above the stored format, in order, writing the format after each, so a stop
 * half-way resumes at the step that did not finish. Storage from a newer build (a rollback) is
 * left as it is: an older build cannot know how to undo a newer format.
 */
export async function migrateStorage(area: StorageArea, steps: readonly StorageStep[] = STORAGE_STEPS) {
  const from = await storedFormat(area);
  for (const step of steps) {
    if (step.version <= from) continue;
    await step.migrate(area);
    await area.set({ [STORAGE_KEYS.storageFormat]: step.version });
  }
}

export type StorageMigrator = () => Promise<void>;

/**
 * The migration as the worker runs it: on an update and at every start (before anything reads
 * storage), with calls made while one runs sharing it. A failure is logged and retried at the
 * next start; the steps not yet done stay undone.
 */
export function createStorageMigrator(platform: Platform, steps?: readonly StorageStep[]): StorageMigrator {
  let running: Promise<void> | null = null;
  return () => {
    running ??= migrateStorage(platform.storage, steps)
      .catch((error: unknown) => platform.warn('Stored data could not be brought up to date.', error))
      .finally(() => {
        running = null;
      });
    return running;
  };
}
