// Bundles the server (and the core source it imports) into dist/main.js; packages stay external
// and load from node_modules. The SQL migrations and the app icons are copied next to the bundle.
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  // Workspace packages are TypeScript source, so they are bundled rather than loaded at run time.
  alias: { '@stillpoint/core': '../../packages/core/src/index.ts' },
  banner: {
    js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
cpSync('assets/app-icons', 'dist/app-icons', { recursive: true });
