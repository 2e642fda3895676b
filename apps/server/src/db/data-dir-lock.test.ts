import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock } from './data-dir-lock';

const freshDir = () => path.join(mkdtempSync(path.join(tmpdir(), 'stillpoint-lock-')), 'pglite');
const lockModule = fileURLToPath(new URL('./data-dir-lock.ts', import.meta.url));

/** Another process that takes the lock and keeps running; resolves once it holds it. */
async function holderProcess(dataDir: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `import { acquireDataDirLock } from ${JSON.stringify(lockModule)};
       acquireDataDirLock(${JSON.stringify(dataDir)});
       console.log('held');
       setInterval(() => {}, 60_000);`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await once(child.stdout, 'data');
  return child;
}

describe('the data directory lock', () => {
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
  });

  it('is held until released', () => {
    const dir = freshDir();
    const release = acquireDataDirLock(dir);
    expect(existsSync(`${dir}.lock`)).toBe(true);
    release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });

  it('refuses a directory another live process holds', () => {
    const dir = freshDir();
    // The parent of this test process is alive for the duration of the test.
    writeFileSync(`${dir}.lock`, String(process.ppid));
    expect(() => acquireDataDirLock(dir)).toThrow(
      `in use by another Stillpoint process (pid ${process.ppid})`,
    );
  });

  it('reclaims a lock left behind by a process that no longer exists', () => {
    const dir = freshDir();
    writeFileSync(`${dir}.lock`, '2147483646');
    const release = acquireDataDirLock(dir);
    release();
  });

  it('refuses while the process holding it runs', async () => {
    const dir = freshDir();
    const holder = await holderProcess(dir);
    children.push(holder);
    expect(() => acquireDataDirLock(dir)).toThrow(`(pid ${holder.pid})`);
  });

  it('takes over at once from a holder killed with SIGKILL', async () => {
    const dir = freshDir();
    const holder = await holderProcess(dir);
    holder.kill('SIGKILL');
    // No waiting for this process to reap it: a killed, unreaped holder (a zombie) is dead too.
    const started = performance.now();
    let release: (() => void) | null = null;
    while (!release && performance.now() - started < 200) {
      try {
        release = acquireDataDirLock(dir);
      } catch {
        // The kill is delivered asynchronously; try again until it lands.
      }
    }
    expect(release).not.toBeNull();
    expect(readFileSync(`${dir}.lock`, 'utf8').split('\n')[0]).toBe(String(process.pid));
    release?.();
  });

  it('takes over from a holder whose pid now belongs to another process', () => {
    const dir = freshDir();
    // The parent runs, but it started at another time than the recorded holder did.
    writeFileSync(`${dir}.lock`, `${process.ppid}\n1\n`);
    const release = acquireDataDirLock(dir);
    release();
  });
});
