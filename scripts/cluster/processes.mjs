// The processes the cluster test starts, kept in one place so that every one of them is stopped at
// the end, whatever happened, and only those.
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:net';

/** Every process started and not yet known to have exited. */
const running = new Set();

/**
 * Starts a long-running process. Its output goes to `logFile` and is kept as lines in `lines`, so
 * checks can read what it logged. `exited` resolves with { code, signal } when it ends.
 */
export function startProcess(name, command, args, { env, cwd, logFile, uid, gid } = {}) {
  const child = spawn(command, args, {
    env,
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(uid === undefined ? {} : { uid, gid }),
  });
  const log = logFile ? createWriteStream(logFile) : null;
  const lines = [];
  /** Called with every line as it arrives (whenLine). */
  const lineListeners = new Set();
  let partial = '';
  const collect = (chunk) => {
    log?.write(chunk);
    const text = partial + chunk.toString('utf8');
    const parts = text.split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts);
    for (const line of parts) for (const listener of [...lineListeners]) listener(line);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const proc = { name, child, lines, lineListeners, logFile, exitedAt: null, exit: null };
  proc.exited = new Promise((resolve) => {
    child.once('error', (error) => {
      running.delete(proc);
      proc.exit = { code: null, signal: null, error };
      resolve(proc.exit);
    });
    child.once('exit', (code, signal) => {
      running.delete(proc);
      proc.exitedAt = Date.now();
      proc.exit = { code, signal };
      log?.end();
      resolve(proc.exit);
    });
  });
  running.add(proc);
  return proc;
}

/**
 * Resolves with the first line the process writes from now on that `accept` returns a value for
 * (that value), the moment the line arrives; with null if the process exits first.
 */
export function whenLine(proc, accept) {
  return new Promise((resolve) => {
    const done = (value) => {
      proc.lineListeners.delete(listener);
      resolve(value);
    };
    const listener = (line) => {
      const value = accept(line);
      if (value) done(value);
    };
    proc.lineListeners.add(listener);
    void proc.exited.then(() => done(null));
  });
}

/** Stops one process: `signal`, then SIGKILL if it has not exited within `graceMs`. */
export async function stopProcess(proc, { signal = 'SIGTERM', graceMs = 10_000 } = {}) {
  if (proc.exit) return proc.exit;
  proc.child.kill(signal);
  const killed = setTimeout(() => proc.child.kill('SIGKILL'), graceMs);
  const exit = await proc.exited;
  clearTimeout(killed);
  return exit;
}

/** Stops every process still running, all at once. */
export async function stopAllProcesses() {
  await Promise.all([...running].map((proc) => stopProcess(proc, { graceMs: 5_000 })));
}

/** Runs a command to its end; rejects with its output when it fails. */
export function runCommand(command, args, { env, cwd, uid, gid, quiet = true } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env,
      cwd,
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      ...(uid === undefined ? {} : { uid, gid }),
    });
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) resolve(output);
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code}\n${output}`));
    });
  });
}

/** A TCP port nothing listens on right now, on the loopback interface. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `condition` until it returns a truthy value, which is returned; throws after `timeoutMs`. */
export async function waitUntil(condition, what, { timeoutMs = 30_000, intervalMs = 100 } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await condition().catch(() => null);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await sleep(intervalMs);
  }
}
