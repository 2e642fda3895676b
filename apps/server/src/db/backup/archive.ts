import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

/**
 * Writes the whole PGlite data directory to `file` as a gzipped tarball, consistent as of one
 * moment. The dump runs inside a transaction: PGlite serialises every query and transaction on
 * that lock, so no other write is half done while the files are read: the tarball holds every
 * committed write and nothing more. The checkpoint first keeps the recovery work on restore small.
 */
export async function writeArchive(client: PGlite, file: string): Promise<void> {
  await client.exec('CHECKPOINT');
  const archive = await client.transaction(() => client.dumpDataDir('gzip'));
  await mkdir(path.dirname(file), { recursive: true });
  // Written aside and renamed, so a half-written file never looks like a finished backup.
  const partial = `${file}.partial`;
  try {
    // Backups hold personal data: readable by the owner only.
    await writeFile(partial, Buffer.from(await archive.arrayBuffer()), { mode: 0o600 });
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}
