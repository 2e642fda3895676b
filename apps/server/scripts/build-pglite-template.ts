// Part of `npm run build`: writes the empty database, every migration applied, that a new PGlite
// data directory starts from (decision 027). Arguments: the file to write, the migrations folder.
//   tsx scripts/build-pglite-template.ts dist/pglite-template.tar.gz dist/migrations
import { statSync } from 'node:fs';
import path from 'node:path';
import { writePgliteTemplate } from '../src/db/pglite-template';

const [file, migrationsFolder] = process.argv.slice(2);
if (!file || !migrationsFolder) {
  console.error('Usage: build-pglite-template.ts <file.tar.gz> <migrations folder>');
  process.exit(2);
}
try {
  await writePgliteTemplate(path.resolve(file), path.resolve(migrationsFolder));
  console.log(`database template: ${file} (${(statSync(file).size / 1024 / 1024).toFixed(1)} MB)`);
} catch (error) {
  console.error(`The database template could not be written: ${(error as Error).message}`);
  process.exit(1);
}
