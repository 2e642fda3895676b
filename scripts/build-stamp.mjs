// Decides whether the production build matches the sources: a hash of every input file is kept
// next to the server bundle, so a changed file (or a fresh clone) triggers a rebuild and an
// unchanged tree starts at once.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const inputs = [
  'package-lock.json',
  'packages/core/src',
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  // The build's own steps: the route table reader and the first screens drawn at build time.
  'apps/web/scripts',
  'apps/server/src',
  'apps/server/assets',
  'apps/server/build.mjs',
  // The database template's writer (decision 027) and the operator commands bundled beside the server.
  'apps/server/scripts',
];
const outputs = [
  'apps/web/dist/index.html',
  'apps/server/dist/main.js',
  'apps/server/dist/pglite-template.tar.gz',
  'apps/server/dist/db-migrate.js',
];
const stampPath = path.join(root, 'apps/server/dist/.build-stamp');

function* files(relative) {
  const absolute = path.join(root, relative);
  if (!existsSync(absolute)) return;
  if (statSync(absolute).isDirectory()) {
    for (const entry of readdirSync(absolute).sort()) yield* files(path.join(relative, entry));
  } else {
    yield relative;
  }
}

export function sourceFingerprint() {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const file of files(input)) {
      hash
        .update(file)
        .update('\0')
        .update(readFileSync(path.join(root, file)))
        .update('\0');
    }
  }
  return hash.digest('hex');
}

export function isBuildCurrent() {
  if (!outputs.every((output) => existsSync(path.join(root, output)))) return false;
  if (!existsSync(stampPath)) return false;
  return readFileSync(stampPath, 'utf8').trim() === sourceFingerprint();
}

export function writeBuildStamp() {
  writeFileSync(stampPath, `${sourceFingerprint()}\n`);
}

/** Runs `npm run build` when the build is missing or stale; exits, saying so, when it fails. */
export function buildIfStale() {
  if (isBuildCurrent()) return;
  console.log('Building Stillpoint (web app and server)...');
  const result = spawnSync('npm', ['run', 'build'], {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (result.status !== 0) {
    console.error('The build failed; see the output above.');
    process.exit(result.status ?? 1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv.includes('--write')) writeBuildStamp();
