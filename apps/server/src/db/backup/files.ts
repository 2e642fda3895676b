import path from 'node:path';

/**
 * Where backups of a PGlite data directory go unless the operator names a file: `backups/` beside
 * the `pglite/` directory, i.e. `<DATA_DIR>/backups`.
 */
export function backupsDirectoryOf(dataDir: string): string {
  return path.join(path.dirname(dataDir), 'backups');
}

/** A new backup's default file: sortable by name, and never the same twice in a second. */
export function defaultBackupFile(dataDir: string, now = new Date()): string {
  return path.join(backupsDirectoryOf(dataDir), `pglite-${timestamp(now)}.tar.gz`);
}

/** Where a restore sets the current data directory aside; it is never deleted. */
export function setAsideDirectoryOf(dataDir: string, now = new Date()): string {
  return `${dataDir}.before-restore-${timestamp(now)}`;
}

/**
 * Written by the running server while it answers backup requests: its pid. The backup script
 * signals the server only when this names the process that holds the data directory, so a
 * process without the handler (which SIGUSR2 would end) is never signalled.
 */
export const answeringProcessFileOf = (dataDir: string): string => `${dataDir}.backup-server`;

/** One pending backup request: the file the running server is asked to write. */
export const backupRequestFileOf = (dataDir: string): string => `${dataDir}.backup-request`;

/** 2026-05-01T10:20:30Z → 20260501-102030 (UTC). */
function timestamp(now: Date): string {
  return now
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace(/[-:]/g, '')
    .replace('T', '-');
}
