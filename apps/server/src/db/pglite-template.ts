import { existsSync, readdirSync, renameSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { unpackTarGz } from './tar-archive';

/**
 * The empty database with every migration applied, as `npm run build` writes it next to the
 * bundle (decision 027). A new data directory starts as a copy of it instead of running initdb and
 * every migration. Absent when the server runs from source (`npm run dev`, tests): then a new data
 * directory is made the long way.
 */
export const bundledPgliteTemplate = fileURLToPath(new URL('./pglite-template.tar.gz', import.meta.url));

/** A template that cannot be used; the server makes the database the long way instead. */
export class PgliteTemplateError extends Error {
  override name = 'PgliteTemplateError';
}

/**
 * Writes the template: a new in-memory database, migrated with `migrationsFolder`, checkpointed
 * and dumped with PGlite's `dumpDataDir`, the same gzipped tarball a backup is.
 */
export async function writePgliteTemplate(file: string, migrationsFolder: string): Promise<void> {
  const client = await PGlite.create();
  try {
    await migrate(drizzle(client), { migrationsFolder });
    await client.exec('CHECKPOINT');
    const archive = await client.dumpDataDir('gzip');
    // Readable by whoever runs the server: in the image the build's files stay root's.
    writeFileSync(file, Buffer.from(await archive.arrayBuffer()), { mode: 0o644 });
  } finally {
    await client.close();
  }
}

/** Whether `dataDir` holds nothing yet, so a template may become it. */
export function isEmptyDirectory(dataDir: string): boolean {
  return !existsSync(dataDir) || readdirSync(dataDir).length === 0;
}

/**
 * Makes `dataDir` (absent or empty) a copy of the template. Unpacked beside it and renamed, so a
 * start that is cut short never leaves half a database where the next start would take it for one.
 * The caller holds the data directory's lock.
 */
export function createDataDirFromTemplate(dataDir: string, template: string): void {
  if (!existsSync(template)) throw new PgliteTemplateError(`There is no database template at ${template}.`);
  const unpacking = `${dataDir}.unpacking`;
  rmSync(unpacking, { recursive: true, force: true });
  try {
    unpackTarGz(template, unpacking);
    if (!existsSync(`${unpacking}/PG_VERSION`)) {
      throw new PgliteTemplateError(`${template} holds no database (no PG_VERSION).`);
    }
    // rmdir, not rm: it refuses a directory that holds anything, so no database is ever replaced.
    if (existsSync(dataDir)) rmdirSync(dataDir);
    renameSync(unpacking, dataDir);
  } catch (error) {
    rmSync(unpacking, { recursive: true, force: true });
    if (error instanceof PgliteTemplateError) throw error;
    throw new PgliteTemplateError(`${template} could not be unpacked: ${(error as Error).message}`);
  }
}

interface Queryable {
  query<Row>(text: string): Promise<{ rows: Row[] }>;
}

/**
 * The migrations the template recorded must be the first ones of `migrationsFolder`, each the same
 * file: the migrator only applies those newer than the last recorded, so a template made from
 * another version of a migration would keep that version's schema unnoticed.
 */
export async function checkTemplateMigrations(client: Queryable, migrationsFolder: string): Promise<void> {
  const files = readMigrationFiles({ migrationsFolder });
  const { rows } = await client.query<{ hash: string; created_at: string }>(
    'select hash, created_at::text as created_at from drizzle.__drizzle_migrations order by created_at',
  );
  if (rows.length > files.length) {
    throw new PgliteTemplateError(
      `The database template holds ${rows.length} migrations, this version only ${files.length}.`,
    );
  }
  rows.forEach((row, index) => {
    const migration = files[index];
    if (!migration || row.hash !== migration.hash || row.created_at !== String(migration.folderMillis)) {
      throw new PgliteTemplateError(
        `The database template's migration ${index + 1} is not this version's; rebuild with \`npm run build\`.`,
      );
    }
  });
}
