import { existsSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { acquireDataDirLock, DataDirInUseError } from '../data-dir-lock';
import { writeArchive } from './archive';
import { BackupError } from './errors';
import { requestBackupFromServer } from './request';

export interface BackupResult {
  file: string;
  /** Who wrote it: this process (the directory was free) or the server that holds it. */
  writtenBy: 'this-process' | { serverPid: number };
}

/**
 * Backs up the PGlite data directory to `file` (a .tar.gz of the whole directory). When no
 * process holds the directory, this process opens it and writes the backup; when a server does,
 * that server is asked to, since PGlite allows one process per directory.
 */
export async function backUpDatabase(
  dataDir: string,
  file: string,
  { serverTimeoutMs = 5 * 60_000 } = {},
): Promise<BackupResult> {
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    throw new BackupError(`There is no database in ${dataDir} to back up. Is DATA_DIR right?`);
  }
  let releaseLock: () => void;
  try {
    releaseLock = acquireDataDirLock(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    await requestBackupFromServer(dataDir, error.holderPid, file, serverTimeoutMs);
    return { file, writtenBy: { serverPid: error.holderPid } };
  }
  try {
    // Opened as it is, without migrating: a backup records the database exactly as found.
    const client = await PGlite.create(dataDir);
    try {
      await writeArchive(client, file);
    } finally {
      await client.close();
    }
  } finally {
    releaseLock();
  }
  return { file, writtenBy: 'this-process' };
}
