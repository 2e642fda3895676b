import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SHUTDOWN_DELAY_MS, loadConfig } from '../src/config';
import { prepareShutdown } from '../src/http/graceful-shutdown';
import { createTestApp, type TestApp } from './support/app';
import { productionEnv, stagingEnv } from './support/config';
import { freePort } from './support/free-port';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

interface Answer {
  status: number;
  json: { success?: boolean; code?: string } | null;
}

/** One request on a connection of its own, as a client that opens one per request sends it. */
function request(url: string, { method = 'GET', body }: { method?: string; body?: unknown } = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      url,
      {
        method,
        agent: false,
        headers: payload === undefined ? {} : { 'content-type': 'application/json' },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('error', reject);
        res.on('end', () => {
          let json: Answer['json'] = null;
          try {
            json = JSON.parse(text) as Answer['json'];
          } catch {
            // not JSON
          }
          resolve({ status: res.statusCode ?? 0, json });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** The error code a request failed with (ECONNREFUSED, ECONNRESET, …), or its status when answered. */
const outcomeOf = (answer: Promise<Answer>) =>
  answer.then(
    (res) => res.status,
    (error: NodeJS.ErrnoException) => error.code ?? error.message,
  );

const trackEvent = (baseUrl: string) =>
  request(`${baseUrl}/api/trackAnalyticsEvent`, {
    method: 'POST',
    body: { name: 'graceful-shutdown-test', properties: {} },
  });

describe('SHUTDOWN_DELAY_MS', () => {
  it.each([
    [0, 'development', { APP_ENV: 'development' }],
    [0, 'test', { APP_ENV: 'test' }],
    [DEFAULT_SHUTDOWN_DELAY_MS, 'staging', stagingEnv],
    [DEFAULT_SHUTDOWN_DELAY_MS, 'production', productionEnv],
  ])('is %s ms by default in %s', (delayMs, _environment, env) => {
    expect(loadConfig(env).shutdownDelayMs).toBe(delayMs);
  });

  it('is 5 s on staging and in production unless set', () => {
    expect(DEFAULT_SHUTDOWN_DELAY_MS).toBe(5_000);
    expect(loadConfig({ ...productionEnv, SHUTDOWN_DELAY_MS: '15000' }).shutdownDelayMs).toBe(15_000);
    expect(loadConfig({ ...productionEnv, SHUTDOWN_DELAY_MS: '0' }).shutdownDelayMs).toBe(0);
    expect(loadConfig({ APP_ENV: 'development', SHUTDOWN_DELAY_MS: '2500' }).shutdownDelayMs).toBe(2_500);
  });

  it.each([
    ['-1', 'must be 0 (stop listening at once) or more milliseconds'],
    ['1.5', 'must be a whole number of milliseconds'],
    ['5s', 'must be a whole number of milliseconds'],
    ['60001', 'must be at most 60000 milliseconds (a minute)'],
  ])('refuses SHUTDOWN_DELAY_MS=%s, naming it', (value, message) => {
    expect(() => loadConfig({ SHUTDOWN_DELAY_MS: value })).toThrow(`SHUTDOWN_DELAY_MS: ${message}`);
  });
});

describe('shutting down, step by step', () => {
  let t: TestApp;
  let baseUrl: string;
  const waited: number[] = [];
  let endDelay: () => void = () => {};
  let leave: (signal: string) => Promise<void>;
  beforeAll(async () => {
    t = await createTestApp();
    // The delay ends when the test says so, not after a time.
    leave = prepareShutdown(t.app, {
      delayMs: 60_000,
      waitOut: (ms) => {
        waited.push(ms);
        return new Promise<void>((resolve) => {
          endDelay = resolve;
        });
      },
    });
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    endDelay();
    await leave('test over');
    await t.database.close();
  });

  it('answers readyz 503 as soon as it begins, and keeps accepting and serving through the delay', async () => {
    expect((await request(`${baseUrl}/api/readyz`)).status).toBe(200);

    const leaving = leave('SIGTERM');
    const ready = await request(`${baseUrl}/api/readyz`);
    expect(ready.status).toBe(503);
    expect(ready.json).toMatchObject({ success: false, code: 'UNAVAILABLE' });
    expect(waited).toEqual([60_000]);

    // New connections, each: accepted and answered as before, writes included.
    const served = await Promise.all([request(`${baseUrl}/api/healthz`), trackEvent(baseUrl)]);
    expect(served.map((res) => res.status)).toEqual([200, 200]);
    expect((await request(`${baseUrl}/api/readyz`)).status).toBe(503);

    // Only once the delay is over does it stop listening, drain and close.
    endDelay();
    await leaving;
    expect(await outcomeOf(request(`${baseUrl}/api/healthz`))).toBe('ECONNREFUSED');
    expect(leave('SIGTERM')).toBe(leaving);
  });
});

/** The server as `npm run dev` runs it, from source, in its own process. */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const waiting = new Set<{ test: (message: string) => boolean; resolve: () => void }>();
  let partial = '';
  const collect = (chunk: Buffer) => {
    const parts = (partial + chunk.toString('utf8')).split('\n');
    partial = parts.pop() ?? '';
    for (const line of parts) {
      lines.push(line);
      let message = line;
      try {
        message = String((JSON.parse(line) as { msg?: unknown }).msg ?? line);
      } catch {
        // not a log record
      }
      for (const waiter of waiting) if (waiter.test(message)) waiter.resolve();
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    exited,
    /** Resolves when the server logs a message matching `pattern`; rejects if it exits first. */
    logged(pattern: RegExp): Promise<void> {
      return new Promise((resolve, reject) => {
        const waiter = {
          test: (message: string) => pattern.test(message),
          resolve: () => {
            waiting.delete(waiter);
            resolve();
          },
        };
        waiting.add(waiter);
        void exited.then(() => {
          if (!waiting.has(waiter)) return;
          waiting.delete(waiter);
          reject(new Error(`the server exited before logging ${pattern}:\n${lines.slice(-20).join('\n')}`));
        });
      });
    },
  };
}

describe('SIGTERM to the server process', () => {
  let server: ReturnType<typeof startServer> | null = null;
  let dataDir: string;
  afterEach(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('makes it unready at once while it serves new connections for SHUTDOWN_DELAY_MS, then exits 0', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'stillpoint-shutdown-'));
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    server = startServer({
      APP_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      // Ample for the few requests below; the test waits on the server's log, not on the clock.
      SHUTDOWN_DELAY_MS: '4000',
    });
    await server.logged(/is running on/);
    expect((await request(`${baseUrl}/api/readyz`)).status).toBe(200);

    const signalled = Date.now();
    server.child.kill('SIGTERM');
    await server.logged(/^shutting down/);
    const [ready, health, write] = await Promise.all([
      outcomeOf(request(`${baseUrl}/api/readyz`)),
      outcomeOf(request(`${baseUrl}/api/healthz`)),
      outcomeOf(trackEvent(baseUrl)),
    ]);
    expect({ ready, health, write }).toEqual({ ready: 503, health: 200, write: 200 });

    await server.logged(/^shutting down: stopped listening/);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(4_000);
    expect(await outcomeOf(request(`${baseUrl}/api/healthz`))).toBe('ECONNREFUSED');
    expect(await server.exited).toBe(0);
  }, 60_000);
});
