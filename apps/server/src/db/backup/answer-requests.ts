import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { DatabaseHandle, DatabaseTarget } from '../client';
import { writeArchive } from './archive';
import { answeringProcessFileOf, backupRequestFileOf } from './files';

export const BACKUP_SIGNAL = 'SIGUSR2';

interface BackupLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * PGlite lets only the process that holds the data directory read it, so while the server runs,
 * `npm run db:backup` asks the server: it writes the wanted file's path to the request file and
 * sends SIGUSR2; the server writes the backup and removes the request. Nothing listens on the
 * network for this, and only a process allowed to signal the server can ask.
 * Returns the function that stops answering (call it before closing the database).
 */
export function answerBackupRequests(
  database: DatabaseHandle,
  target: DatabaseTarget,
  log: BackupLog,
): () => void {
  const { driver } = database;
  // PostgreSQL is backed up with its own tools, and an in-memory database has nothing to keep.
  if (driver.kind !== 'pglite' || target.kind !== 'pglite' || target.dataDir.startsWith('memory://')) {
    return () => {};
  }
  const { client } = driver;
  const { dataDir } = target;
  const requestFile = backupRequestFileOf(dataDir);
  const answeringFile = answeringProcessFileOf(dataDir);
  let busy: Promise<void> = Promise.resolve();

  const answer = async () => {
    const file = readRequest(requestFile);
    if (!file) {
      // A stray signal, or a request that cannot be read: clear it so the next one can be made.
      rmSync(requestFile, { force: true });
      return;
    }
    try {
      await writeArchive(client, file);
      log.info({ file }, 'backup written');
    } catch (error) {
      log.error({ err: error, file }, 'backup failed');
    } finally {
      // Removing the request is the answer the waiting script looks for, success or not.
      rmSync(requestFile, { force: true });
    }
  };
  const onSignal = () => {
    busy = busy.then(answer);
  };

  process.on(BACKUP_SIGNAL, onSignal);
  writeFileSync(answeringFile, String(process.pid));
  return () => {
    process.off(BACKUP_SIGNAL, onSignal);
    rmSync(answeringFile, { force: true });
  };
}

function readRequest(requestFile: string): string | null {
  try {
    const request: unknown = JSON.parse(readFileSync(requestFile, 'utf8'));
    return typeof request === 'object' &&
      request !== null &&
      'file' in request &&
      typeof request.file === 'string'
      ? request.file
      : null;
  } catch {
    return null;
  }
}
