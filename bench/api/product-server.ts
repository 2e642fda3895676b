/**
 * Starts a built Stillpoint server for the API bench: the current build (apps/server/dist) or an
 * earlier one copied elsewhere (BENCH_BEFORE), on PostgreSQL or on PGlite in a scratch directory,
 * with the environment e2e/fixtures/server.ts gives the real server.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../apps/server/test/support/free-port';

const root = fileURLToPath(new URL('../..', import.meta.url));
export const currentBuild = path.join(root, 'apps/server/dist/main.js');

export interface ProductServer {
  baseURL: string;
  stop(): Promise<void>;
}

/** `databaseUrl` null: PGlite, embedded, in a fresh data directory. */
export async function startProduct(
  entry: string,
  databaseUrl: string | null,
  env: Record<string, string> = {},
): Promise<ProductServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stillpoint-bench-api-'));
  const baseURL = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: {
      ...process.env,
      APP_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      LOG_LEVEL: 'error',
      DEV_COUNTRY: 'US',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const stop = async () => {
    await stopProcess(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(baseURL, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, stop };
}

async function waitUntilReady(baseURL: string, child: ChildProcess, output: () => string): Promise<void> {
  // A loaded shared machine can take minutes to start a server that migrates a fresh PGlite.
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${output()}`);
    try {
      if ((await fetch(`${baseURL}/api/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`The server did not become ready in 180 s:\n${output()}`);
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
