// `npm run db:restore <file>`: replaces the embedded database (PGlite) with a backup written by
// `npm run db:backup`. The server must be stopped; the current data is moved aside, not deleted.
// PostgreSQL is restored with pg_restore instead: docs/operations.md.
import path from 'node:path';
import { BackupError, restoreDatabase } from '../src/db/backup';
import { fail, pgliteDataDir } from './db-backup-cli';

async function main(): Promise<void> {
  const [fileArgument] = process.argv.slice(2);
  if (!fileArgument) fail('Name the backup to restore: npm run db:restore -- <file.tar.gz>');
  const dataDir = pgliteDataDir();
  const result = await restoreDatabase(dataDir, path.resolve(fileArgument));
  console.log(`Restored ${dataDir} from ${path.resolve(fileArgument)}.`);
  if (result.setAside) console.log(`The database that was there is kept in ${result.setAside}.`);
  console.log('Start the server (npm start); it brings the schema up to date if the backup is older.');
}

main().catch((error: unknown) => {
  if (error instanceof BackupError) fail(error.message);
  console.error('The restore failed:', error);
  process.exit(1);
});
