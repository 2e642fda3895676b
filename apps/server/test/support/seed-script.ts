import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));

export interface SeedRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `npm run seed:demo`'s script as a person would, against the given data directory, with
 * this process's environment plus `env` (PATH and the like must reach the child).
 */
export function runSeed(dataDir: string, env: Record<string, string> = {}): Promise<SeedRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/seed-demo.ts'], {
      cwd: serverDir,
      // Always embedded PGlite here, even when the suite itself runs on PostgreSQL. PORT and
      // PUBLIC_URL are cleared so each test says which address the message should name.
      env: {
        ...process.env,
        APP_ENV: 'development',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        REDIS_URL: '',
        PORT: '',
        PUBLIC_URL: '',
        ...env,
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
