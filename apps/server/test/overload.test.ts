import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OverloadConfig } from '../src/config';
import { OVERLOAD_RETRY_AFTER_SECONDS } from '../src/observability/overload';
import { buildTestApp, createTestApp, type TestApp } from './support/app';

/** Keeps the event loop busy, as a slow synchronous computation would. */
const blockEventLoop = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy
  }
};

const get = (app: FastifyInstance, url: string) => app.inject({ method: 'GET', url });

/** Asks until `url` answers 200, for at most `ms`; the status it ended with. */
async function statusOnceSettled(app: FastifyInstance, url: string, ms = 5_000): Promise<number> {
  const deadline = Date.now() + ms;
  let status = (await get(app, url)).statusCode;
  while (status !== 200 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    status = (await get(app, url)).statusCode;
  }
  return status;
}

// Measured ten times a second, so a test sees a change within a fraction of a second.
const fastSampling = { sampleIntervalMs: 100 } as const;

describe('overload: a lagging event loop', () => {
  // Idle, the loop lags well under a millisecond; blocked in 400 ms stretches, far over 20.
  const overload: OverloadConfig = { maxEventLoopDelayMs: 20, maxHeapUsedBytes: 0, ...fastSampling };
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ overload });
    // Opening the database can hold the loop for a while; start from a calm server.
    expect(await statusOnceSettled(t.app, '/api/readyz')).toBe(200);
  });
  afterAll(() => t.close());

  it('is answered at once with a 503 and Retry-After, then served again by itself', async () => {
    let refused: Awaited<ReturnType<typeof get>>[] | null = null;
    for (let stretch = 0; stretch < 8 && refused === null; stretch++) {
      blockEventLoop(400);
      await new Promise((resolve) => setImmediate(resolve));
      // Asked together, so all three meet the same measurement.
      const answers = await Promise.all([
        get(t.app, '/api/readyz'),
        get(t.app, '/api/healthz'),
        get(t.app, '/metrics'),
      ]);
      if (answers[0].statusCode === 503) refused = answers;
    }
    expect(refused).not.toBeNull();
    const [ready, live, metrics] = refused ?? [];
    expect(ready?.json()).toEqual({
      success: false,
      code: 'UNAVAILABLE',
      error: 'The server is too busy right now. Please try again in a few seconds.',
    });
    expect(ready?.headers['retry-after']).toBe(String(OVERLOAD_RETRY_AFTER_SECONDS));
    expect(ready?.headers['x-request-id']).toEqual(expect.any(String));
    // Liveness and the metrics are answered throughout.
    expect(live?.statusCode).toBe(200);
    expect(metrics?.statusCode).toBe(200);

    // No restart: once the loop is calm again, requests are served.
    expect(await statusOnceSettled(t.app, '/api/readyz')).toBe(200);
    const text = (await get(t.app, '/metrics')).body;
    expect(text).toMatch(/^stillpoint_overload_refusals_total\{reason="eventLoopDelay"\} [1-9]/m);
  });
});

describe('overload: a heap past its threshold', () => {
  let t: TestApp;
  let app: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp();
    // Any heap at all is over one byte: the server stays overloaded.
    app = await buildTestApp(t.database, {
      overload: { maxEventLoopDelayMs: 0, maxHeapUsedBytes: 1, ...fastSampling },
    });
    // The heap is first measured one interval after the start; wait for that measurement, asking
    // the plugin itself rather than a route, so no refusal is counted before the test.
    await vi.waitFor(() => expect(app.isUnderPressure()).toBe(true), { timeout: 5_000, interval: 20 });
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  it('refuses every request but liveness and the metrics', async () => {
    const refused = await app.inject({ method: 'POST', url: '/api/sendFeedback', payload: {} });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe(String(OVERLOAD_RETRY_AFTER_SECONDS));
    expect((await get(app, '/api/readyz')).statusCode).toBe(503);
    expect((await get(app, '/api/healthz')).statusCode).toBe(200);
    const metrics = await get(app, '/metrics');
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toContain('stillpoint_overload_refusals_total{reason="heapUsedBytes"} 2');
  });

  it('is off when its threshold is 0, as under test by default', async () => {
    expect((await get(t.app, '/api/readyz')).statusCode).toBe(200);
  });
});
