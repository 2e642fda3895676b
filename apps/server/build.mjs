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

rmSync('dist', { recursive: true, force: true });
const options = {
  outdir: 'dist',
  // main.ts imports the app with import(): split into a chunk, the app's packages load while the
  // database starts instead of before. Chunks sit beside main.js, so paths made from
  // import.meta.url (the migrations, the app icons) mean the same in every file.
  splitting: true,
  chunkNames: '[name]-[hash]',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: [
    // WebAssembly and data files read from their own package directory.
    '@electric-sql/pglite',
    'geoip-country',
    // Reads its own package.json through __dirname, which a bundled ES module does not have.
    '@fastify/swagger',
    // Serves its own static files.
    '@fastify/swagger-ui',
    // Starts worker threads from files of its own (transports, pretty printing).
    'pino',
    'pino-pretty',
    // pg's native binding is optional and loaded by name.
    'pg',
    // Loaded on first use (load-on-first-use.ts), so not part of a start either way.
    'oidc-provider',
    'nodemailer',
    'stripe',
    'ioredis',
  ],
  // Workspace packages are TypeScript source, so they are bundled rather than loaded at run time.
  alias: { '@stillpoint/core': '../../packages/core/src/index.ts' },
  banner: {
    js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
  },
  logLevel: 'warning',
};
await build({ ...options, entryPoints: { main: 'src/main.ts' } });
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
