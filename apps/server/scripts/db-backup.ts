// `npm run db:backup [file]`: backs up the embedded database (PGlite) to file, by default
// <DATA_DIR>/backups/pglite-<UTC time>.tar.gz. Works while the server runs (it asks the server).
// PostgreSQL is backed up with pg_dump instead: docs/operations.md.
import path from 'node:path';
import { BackupError, backUpDatabase, defaultBackupFile } from '../src/db/backup';
import { fail, pgliteDataDir } from './db-backup-cli';

async function main(): Promise<void> {
  const dataDir = pgliteDataDir();
  const [fileArgument] = process.argv.slice(2);
  const file = fileArgument ? path.resolve(fileArgument) : defaultBackupFile(dataDir);
  const result = await backUpDatabase(dataDir, file);
  const by =
    result.writtenBy === 'this-process' ? '' : ` by the running server (pid ${result.writtenBy.serverPid})`;
  console.log(`Backup written${by}: ${result.file}`);
}

main().catch((error: unknown) => {
  if (error instanceof BackupError) fail(error.message);
  console.error('The backup failed:', error);
  process.exit(1);
});
