import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDataDirLock } from './data-dir-lock';

const freshDir = () => path.join(mkdtempSync(path.join(tmpdir(), 'stillpoint-lock-')), 'pglite');

describe('the data directory lock', () => {
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
});
