import { runServerScript, type ScriptRun } from './server-script';

export type SeedRun = ScriptRun;

/**
 * Runs `npm run seed:demo`'s script as a person would, against the given data directory, with
 * this process's environment plus `env` (PATH and the like must reach the child).
 */
export function runSeed(dataDir: string, env: Record<string, string> = {}): Promise<SeedRun> {
  // Always embedded PGlite here, even when the suite itself runs on PostgreSQL. PORT and
  // PUBLIC_URL are cleared so each test says which address the message should name.
  return runServerScript('seed-demo', [], {
    ...process.env,
    APP_ENV: 'development',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    PORT: '',
    PUBLIC_URL: '',
    ...env,
  });
}
