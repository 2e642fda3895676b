import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { brand } from '@stillpoint/core';
import { acquireDataDirLock, DataDirInUseError } from '../data-dir-lock';
import { BackupError } from './errors';
import { setAsideDirectoryOf } from './files';

export interface RestoreResult {
  /** Where the database that was there before now is; null when there was none. */
  setAside: string | null;
}

/**
 * Replaces the PGlite data directory with the backup in `file`. The current directory is moved
 * aside, never deleted; if the backup does not open, it is moved back.
 */
export async function restoreDatabase(dataDir: string, file: string): Promise<RestoreResult> {
  if (!existsSync(file)) throw new BackupError(`There is no backup at ${file}.`);
  let releaseLock: () => void;
  try {
    releaseLock = acquireDataDirLock(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    throw new BackupError(
      `The database in ${dataDir} is in use by a running ${brand.name} process (pid ${error.holderPid}). ` +
        'A restore replaces the whole database, so stop the server first, then run `npm run db:restore` again.',
    );
  }
  try {
    const setAside = existsSync(dataDir) ? setAsideDirectoryOf(dataDir) : null;
    if (setAside) renameSync(dataDir, setAside);
    try {
      await loadArchive(dataDir, file);
    } catch (error) {
      rmSync(dataDir, { recursive: true, force: true });
      if (setAside) renameSync(setAside, dataDir);
      throw new BackupError(
        `${file} could not be restored (${error instanceof Error ? error.message : String(error)}). ` +
          'The database was left as it was.',
      );
    }
    return { setAside };
  } finally {
    releaseLock();
  }
}

/** Unpacks the backup into an empty directory and opens it once, so a bad file fails here. */
async function loadArchive(dataDir: string, file: string): Promise<void> {
  const client = await PGlite.create(dataDir, { loadDataDir: new Blob([readFileSync(file)]) });
  try {
    await client.query('select 1');
  } finally {
    await client.close();
  }
}
