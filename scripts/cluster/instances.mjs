// The two server instances: the built bundle, started at the same moment on the same (empty)
// database and Redis, as two replicas of a deployment would be.
import path from 'node:path';
import { request } from './http-client.mjs';
import { freePort, startProcess, waitUntil, whenLine } from './processes.mjs';

/**
 * How long an instance keeps serving after SIGTERM, unready, before it stops listening. Shorter
 * than production's 5 s, to keep the run short: nginx never asks readyz, so the delay need only be
 * long enough for check e to see the instance unready and serving.
 */
export const SHUTDOWN_DELAY_MS = 2_000;

/**
 * What the instances run with. Development keeps the stand-ins the checks use (the SMS outbox, the
 * local payment provider) and its rate limits are the real ones. The retry job runs every second.
 */
function instanceEnvironment({ port, databaseUrl, redisUrl, publicUrl, analyticsUrl }) {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    APP_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: publicUrl,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    TRUST_PROXY: 'true',
    FORWARDING_INTERVAL_SECONDS: '1',
    ANALYTICS_FORWARD_URL: analyticsUrl,
    LOG_LEVEL: 'info',
    LOG_FORMAT: 'json',
    SHUTDOWN_DELAY_MS: String(SHUTDOWN_DELAY_MS),
  };
}

/** Starts both instances in the same tick and resolves once each is ready, or throws with its log. */
export async function startInstances({ root, tmp, ...settings }) {
  const ports = [await freePort(), await freePort()];
  const instances = ports.map((port, index) => {
    const name = `app${index + 1}`;
    const proc = startProcess(name, process.execPath, ['apps/server/dist/main.js'], {
      cwd: root,
      env: instanceEnvironment({ port, ...settings }),
      logFile: path.join(tmp, `${name}.log`),
    });
    return { name, port, address: `127.0.0.1:${port}`, url: `http://127.0.0.1:${port}`, proc };
  });
  await Promise.all(instances.map((instance) => waitUntilReady(instance)));
  return instances;
}

async function waitUntilReady(instance) {
  await waitUntil(
    async () => instance.proc.exit || (await request(`${instance.url}/api/readyz`)).status === 200,
    `${instance.name} to be ready`,
    { timeoutMs: 60_000, intervalMs: 200 },
  ).catch((error) => {
    throw new Error(`${error.message}\n${logTail(instance)}`);
  });
  if (instance.proc.exit) {
    throw new Error(`${instance.name} exited (${JSON.stringify(instance.proc.exit)})\n${logTail(instance)}`);
  }
}

/** The instance behind an upstream address the proxy reported. */
export function instanceAt(instances, upstream) {
  const instance = instances.find((candidate) => upstream === candidate.address);
  if (!instance) throw new Error(`the proxy named an upstream that is no instance: "${upstream}"`);
  return instance;
}

/** The line's JSON log record (pino) when it says `message` (or begins with it), else null. */
function recordSaying(line, message) {
  if (!line.startsWith('{')) return null;
  try {
    const record = JSON.parse(line);
    return record.msg === message || String(record.msg).startsWith(message) ? record : null;
  } catch {
    return null;
  }
}

/** The instance's JSON log records (pino) that say `message`, as logged so far. */
export function logRecords(instance, message) {
  return instance.proc.lines.flatMap((line) => recordSaying(line, message) ?? []);
}

/**
 * Resolves with the next log record that says `message`, as it arrives; with null if the instance
 * exits first.
 */
export function whenLogged(instance, message) {
  return whenLine(instance.proc, (line) => recordSaying(line, message));
}

export function logTail(instance, lines = 25) {
  return `--- last lines of ${instance.name}'s log (${instance.proc.logFile}) ---\n${instance.proc.lines.slice(-lines).join('\n')}`;
}
