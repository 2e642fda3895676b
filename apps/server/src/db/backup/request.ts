import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { brand } from '@stillpoint/core';
import { BACKUP_SIGNAL } from './answer-requests';
import { BackupError } from './errors';
import { answeringProcessFileOf, backupRequestFileOf } from './files';

/** A request older than this was left by a script that was stopped; a new one may replace it. */
const ABANDONED_REQUEST_MS = 10 * 60_000;
const POLL_MS = 200;

/** Asks the server that holds the data directory to write the backup, and waits until it has. */
export async function requestBackupFromServer(
  dataDir: string,
  serverPid: number,
  file: string,
  timeoutMs: number,
): Promise<void> {
  if (!answersBackupRequests(dataDir, serverPid)) {
    throw new BackupError(
      `The database in ${dataDir} is in use by another ${brand.name} process (pid ${serverPid}) that does ` +
        'not take backups while it runs (a demo seed, or an older server). Let it finish or stop it, then ' +
        'run `npm run db:backup` again.',
    );
  }
  const requestFile = backupRequestFileOf(dataDir);
  placeRequest(requestFile, file);
  try {
    process.kill(serverPid, BACKUP_SIGNAL);
    const deadline = Date.now() + timeoutMs;
    while (existsSync(requestFile)) {
      if (Date.now() > deadline) {
        throw new BackupError(
          `The server (pid ${serverPid}) did not write the backup within ${Math.round(timeoutMs / 1000)} s; see its log.`,
        );
      }
      await sleep(POLL_MS);
    }
  } finally {
    rmSync(requestFile, { force: true });
  }
  if (!existsSync(file)) {
    throw new BackupError(`The server (pid ${serverPid}) could not write the backup; its log says why.`);
  }
}

function answersBackupRequests(dataDir: string, serverPid: number): boolean {
  try {
    return Number.parseInt(readFileSync(answeringProcessFileOf(dataDir), 'utf8'), 10) === serverPid;
  } catch {
    return false;
  }
}

function placeRequest(requestFile: string, file: string): void {
  const request = JSON.stringify({ file });
  try {
    writeFileSync(requestFile, request, { flag: 'wx' });
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
    if (Date.now() - statSync(requestFile).mtimeMs < ABANDONED_REQUEST_MS) {
      throw new BackupError('Another backup of this database is under way; wait for it to finish.');
    }
    writeFileSync(requestFile, request);
  }
}
