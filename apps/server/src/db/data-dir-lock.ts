import { closeSync, linkSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { brand } from '@stillpoint/core';

/** Another live process holds the data directory; the message says which and what to do. */
export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
  constructor(
    readonly dataDir: string,
    readonly holderPid: number,
  ) {
    super(
      `The data directory ${dataDir} is in use by another ${brand.name} process (pid ${holderPid}). ` +
        'Stop it first, or point DATA_DIR somewhere else.',
    );
  }
}

/**
 * PGlite allows one process per data directory; a second one would corrupt it. A lock file makes
 * that mistake a clear startup error instead. It names the holder (pid and, where the system tells,
 * the process's start time), so a lock left by a process that died, even by kill -9, is taken over
 * at once: no waiting for it to go stale.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const parent = path.dirname(dataDir);
  mkdirSync(parent, { recursive: true });
  const lockPath = `${dataDir}.lock`;
  const holder = describeHolder(process.pid);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    if (createWithContent(lockPath, holder)) return () => rmSync(lockPath, { force: true });
    const existing = readHolder(lockPath);
    if (existing && existing.pid !== process.pid && isAlive(existing)) {
      throw new DataDirInUseError(dataDir, existing.pid);
    }
    rmSync(lockPath, { force: true });
  }
  throw new Error(`Could not lock the data directory ${dataDir}.`);
}

/**
 * Creates the lock with its content in one step (a hard link to a written file), so another
 * process never reads it half-written and mistakes it for a dead holder's. False if it exists.
 */
function createWithContent(lockPath: string, content: string): boolean {
  const draft = `${lockPath}.${process.pid}`;
  const fd = openSync(draft, 'w');
  try {
    writeSync(fd, content);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(draft, lockPath);
    return true;
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    throw error;
  } finally {
    rmSync(draft, { force: true });
  }
}

interface Holder {
  pid: number;
  /** The process's start time as /proc gives it; null where there is no /proc or it was not recorded. */
  startTime: string | null;
}

function describeHolder(pid: number): string {
  const startTime = processStat(pid)?.startTime;
  return startTime ? `${pid}\n${startTime}\n` : `${pid}\n`;
}

function readHolder(lockPath: string): Holder | null {
  let text: string;
  try {
    text = readFileSync(lockPath, 'utf8');
  } catch (error) {
    // Released between our attempt and this read: free to take.
    if (errorCode(error) === 'ENOENT') return null;
    throw error;
  }
  const [pidLine, startLine] = text.split('\n');
  const pid = Number.parseInt(pidLine ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  return { pid, startTime: startLine?.trim() || null };
}

/**
 * Whether the holder still runs. A killed process stays a zombie until its parent reaps it, and
 * signal 0 still reaches a zombie, so on Linux /proc decides: a zombie is dead, and a process with
 * another start time is a new one that was given the dead holder's pid.
 */
function isAlive(holder: Holder): boolean {
  const stat = processStat(holder.pid);
  if (stat) {
    if (stat.state === 'Z' || stat.state === 'X') return false;
    return holder.startTime === null || holder.startTime === stat.startTime;
  }
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user. ESRCH: gone.
    return errorCode(error) === 'EPERM';
  }
}

/** The state and start time of a process from /proc (Linux); null without /proc or the process. */
function processStat(pid: number): { state: string; startTime: string } | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // "pid (command) state ppid ... starttime ...": the command may hold spaces and parentheses, so
  // the fields are counted from the last ')'. starttime is field 22, the 20th after the command.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const state = fields[0];
  const startTime = fields[19];
  return state && startTime ? { state, startTime } : null;
}

function errorCode(error: unknown): unknown {
  return error instanceof Error && 'code' in error ? error.code : undefined;
}
