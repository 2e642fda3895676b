import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

// The operator commands as an operator runs them: `npm run db:…` at the root, which runs the
// commands bundled beside the server with plain node (no tsx, no TypeScript), as a production
// image has them. Their cases are covered from source in apps/server/test (db-migrate, backup).
const root = fileURLToPath(new URL('../..', import.meta.url));
const migrations = (
  JSON.parse(readFileSync(path.join(root, 'apps/server/dist/migrations/meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  }
).entries.map((entry) => entry.tag);

/** Links every package of `from` into `to`, save those named: an install without them. */
function installWithout(from: string, to: string, left: string[]): void {
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(from)) {
    if (!left.includes(name)) symlinkSync(path.join(from, name), path.join(to, name));
  }
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command with nothing inherited but PATH and HOME, on the embedded database in `dataDir`. */
function run(command: string, args: string[], cwd: string, dataDir: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      // biome-ignore lint/style/noProcessEnv: the command is found on PATH, as an operator's shell finds it
      env: { PATH: process.env.PATH, HOME: process.env.HOME, APP_ENV: 'development', DATA_DIR: dataDir },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const npmRun = (script: string, args: string[], dataDir: string) =>
  run('npm', ['run', '-s', script, '--', ...args], root, dataDir);

let dataDir: string;
test.beforeAll(async () => {
  // A stale build would be rebuilt by the commands, under the feet of the other tests' servers.
  const { isBuildCurrent } = await import('../../scripts/build-stamp.mjs');
  expect(isBuildCurrent(), 'the build matches the sources (npm run build)').toBe(true);
  dataDir = mkdtempSync(path.join(tmpdir(), 'stillpoint-operator-'));
});
test.afterAll(() => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('db:migrate, db:backup and db:restore run from the build', async () => {
  const migrated = await npmRun('db:migrate', [], dataDir);
  expect(migrated.stderr).toBe('');
  expect(migrated.code).toBe(0);
  expect(migrated.stdout).toContain(`${migrations.length} migrations were applied:`);
  for (const tag of migrations) expect(migrated.stdout).toContain(`  ${tag}\n`);

  const again = await npmRun('db:migrate', [], dataDir);
  expect(again.code).toBe(0);
  expect(again.stdout).toContain('Nothing to apply: the database is up to date');

  const file = path.join(dataDir, 'backup.tar.gz');
  const backup = await npmRun('db:backup', [file], dataDir);
  expect(backup.stderr).toBe('');
  expect(backup.code).toBe(0);
  expect(backup.stdout).toContain(`Backup written: ${file}`);

  const restore = await npmRun('db:restore', [file], dataDir);
  expect(restore.stderr).toBe('');
  expect(restore.code).toBe(0);
  expect(restore.stdout).toContain(`Restored ${path.join(dataDir, 'pglite')} from ${file}.`);

  // The command's own exit code and message come through the root script.
  const unnamed = await npmRun('db:restore', [], dataDir);
  expect(unnamed.code).toBe(1);
  expect(unnamed.stderr).toContain('Name the backup to restore');
});

test('the migrate command runs where only the built server and its packages are, without tsx', async () => {
  // The shape of the production image: apps/server/dist and node_modules, no sources, no tsx.
  const image = path.join(dataDir, 'image');
  cpSync(path.join(root, 'apps/server/dist'), path.join(image, 'apps/server/dist'), {
    recursive: true,
    filter: (source) => !source.endsWith('.map'),
  });
  cpSync(path.join(root, 'apps/server/package.json'), path.join(image, 'apps/server/package.json'));
  installWithout(path.join(root, 'node_modules'), path.join(image, 'node_modules'), ['tsx', '.bin']);
  installWithout(
    path.join(root, 'apps/server/node_modules'),
    path.join(image, 'apps/server/node_modules'),
    [],
  );

  const migrated = await run(
    process.execPath,
    ['apps/server/dist/db-migrate.js'],
    image,
    path.join(dataDir, 'image-data'),
  );
  expect(migrated.stderr).toBe('');
  expect(migrated.code).toBe(0);
  expect(migrated.stdout).toContain(`${migrations.length} migrations were applied:`);
});
