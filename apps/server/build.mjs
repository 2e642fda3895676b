// Bundles the server, the core source it imports and most of its packages into dist/main.js and
// its chunks: one file to read and compile where node_modules held hundreds, each resolved and
// opened at startup (bench/README.md, "Embedded database: startup"). The packages below stay
// external and load from node_modules. The SQL migrations and the app icons are copied next to the bundle,
// and the empty database a new PGlite data directory starts from is written there (decision 027).
// The operator commands (migrate, back up, restore) are bundled beside it, so they run with plain
// `node` wherever the server does, a production image included, without tsx.
import { spawnSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';
import { bundleOptions as options, serverEntryPoints } from './bundle-options.mjs';

rmSync('dist', { recursive: true, force: true });
await build({ ...options, entryPoints: serverEntryPoints });
// Built apart, so that the server's start loads no chunk it shares only with them.
await build({
  ...options,
  entryPoints: {
    'db-migrate': 'scripts/db-migrate.ts',
    'db-backup': 'scripts/db-backup.ts',
    'db-restore': 'scripts/db-restore.ts',
  },
});
cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
cpSync('assets/app-icons', 'dist/app-icons', { recursive: true });

const template = spawnSync(
  process.execPath,
  ['--import', 'tsx', 'scripts/build-pglite-template.ts', 'dist/pglite-template.tar.gz', 'dist/migrations'],
  { stdio: 'inherit' },
);
if (template.status !== 0) {
  console.error('Writing the database template failed; see above.');
  process.exit(template.status ?? 1);
}
