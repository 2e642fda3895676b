import { once } from 'node:events';
import { createServer, type Server, Socket } from 'node:net';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { rateLimits } from '../src/http/rate-limit';
import {
  createSharedRateLimitStore,
  redisBudgetMs,
  type SharedRateLimitStore,
} from '../src/http/rate-limit-store';
import { buildTestApp, createTestApp, type TestApp } from './support/app';
import { randomIp } from './support/auth';
import { testRedisUrl } from './support/database';

// Nothing listens on port 1, so every connection attempt is refused at once.
const closedPortUrl = 'redis://127.0.0.1:1';

const exchange = (t: TestApp, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/exchangeExtensionToken',
    remoteAddress: ip,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ token: 'guess' }),
  });

/** Calls the exchange until one past its limit; the status and duration of each call. */
async function exhaustExchangeLimit(t: TestApp): Promise<{ statuses: number[]; durations: number[] }> {
  const ip = randomIp();
  const statuses: number[] = [];
  const durations: number[] = [];
  for (let call = 0; call <= rateLimits.extensionExchange.max; call++) {
    const started = performance.now();
    statuses.push((await exchange(t, ip)).statusCode);
    durations.push(performance.now() - started);
  }
  return { statuses, durations };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

describe('rate limits with Redis unreachable', () => {
  let healthy: TestApp;
  let degraded: TestApp;
  beforeAll(async () => {
    healthy = await createTestApp();
    degraded = await createTestApp({ redisUrl: closedPortUrl });
  });
  afterAll(async () => {
    await degraded.close();
    await healthy.close();
  });

  it('still refuses past the limit, counting in-process, without waiting on Redis', async () => {
    // Each app's first call compiles the route; measure from the second on.
    await exchange(healthy, randomIp());
    await exchange(degraded, randomIp());
    const baseline = await exhaustExchangeLimit(healthy);
    const { statuses, durations } = await exhaustExchangeLimit(degraded);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((status) => status === 401)).toBe(true);
    // Loose, for a busy machine: the old behaviour added about a second to every call.
    expect(median(durations) - median(baseline.durations)).toBeLessThan(redisBudgetMs);
    expect(Math.max(...durations)).toBeLessThan(Math.max(...baseline.durations) + redisBudgetMs);
  });

  it('reports the degraded state at /api/readyz, still ready', async () => {
    const started = performance.now();
    const response = await degraded.app.inject({ method: 'GET', url: '/api/readyz' });
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      status: 'degraded',
      redis: 'unreachable',
      rateLimits: 'in-process (redis unreachable)',
    });
    const healthyResponse = await healthy.app.inject({ method: 'GET', url: '/api/readyz' });
    expect(healthyResponse.json().data).toMatchObject({
      status: 'ready',
      redis: 'not configured',
      rateLimits: 'in-process',
    });
  });
});

/** A TCP stand-in for Redis: forwards to a real one, stops answering, or goes away. */
class RedisProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  answering = true;
  port = 0;

  constructor(private readonly target: { host: string; port: number } | null) {}

  async start(): Promise<void> {
    this.server = createServer((client) => {
      this.sockets.add(client);
      client.on('close', () => this.sockets.delete(client));
      client.on('error', () => {});
      if (!this.target) return; // accepts, never answers
      const upstream = new Socket();
      this.sockets.add(upstream);
      upstream.on('error', () => client.destroy());
      upstream.connect(this.target.port, this.target.host);
      client.on('data', (chunk) => this.answering && upstream.write(chunk));
      upstream.on('data', (chunk) => this.answering && client.write(chunk));
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    this.server.listen(this.port, '127.0.0.1');
    await once(this.server, 'listening');
    const address = this.server.address();
    if (address && typeof address === 'object') this.port = address.port;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    const server = this.server;
    this.server = null;
    if (server) await new Promise((resolve) => server.close(resolve));
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }
}

const fakeLog = () => ({ error: vi.fn(), info: vi.fn(), warn: vi.fn() });

/** The store of one limited route, as @fastify/rate-limit makes it. */
const routeStore = (store: SharedRateLimitStore): FastifyRateLimitStore =>
  new store.Store({}).child({ routeInfo: { method: 'POST', url: '/api/test' } } as never);

/** One counted call through a route's store: its count and how long it took. */
async function count(route: FastifyRateLimitStore, key: string): Promise<{ current: number; ms: number }> {
  const started = performance.now();
  const result = await new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    route.incr(key, (error, value) => (error || !value ? reject(error) : resolve(value)), 60_000, 5),
  );
  return { current: result.current, ms: performance.now() - started };
}

const waitFor = async (condition: () => boolean, ms = 5_000) => {
  const deadline = Date.now() + ms;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(condition()).toBe(true);
};

describe('the shared rate-limit store', () => {
  let store: SharedRateLimitStore | null = null;
  let proxy: RedisProxy | null = null;
  afterEach(async () => {
    await store?.close();
    await proxy?.stop();
    store = null;
    proxy = null;
  });

  it('logs an outage once, however many requests it sees', async () => {
    const log = fakeLog();
    // Every failed attempt ioredis reports, the first connection's and its reconnects' alike.
    const emit = vi.spyOn(Redis.prototype, 'emit');
    const failures = () => emit.mock.calls.filter(([event]) => event === 'error').length;
    try {
      store = await createSharedRateLimitStore(closedPortUrl, log as unknown as FastifyBaseLogger);
      const route = routeStore(store);
      for (let call = 0; call < 20; call++) await count(route, 'address');
      // ioredis keeps retrying in the background meanwhile: two of its reconnects fail too.
      const seen = failures();
      await waitFor(() => failures() >= seen + 2);
    } finally {
      emit.mockRestore();
    }
    expect(store.state()).toBe('in-process (redis unreachable)');
    expect(log.error).toHaveBeenCalledTimes(1);
  });

  it('starts without hanging on a Redis that accepts connections but never answers', async () => {
    proxy = new RedisProxy(null);
    await proxy.start();
    const started = performance.now();
    store = await createSharedRateLimitStore(proxy.url, fakeLog() as unknown as FastifyBaseLogger);
    const route = routeStore(store);
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(store.state()).toBe('in-process (redis unreachable)');
    const first = await count(route, 'address');
    expect(first.current).toBe(1);
    expect(first.ms).toBeLessThan(redisBudgetMs);
  });

  const redisUrl = testRedisUrl();
  describe.skipIf(!redisUrl)('with a Redis that goes away mid-run', () => {
    const target = () => {
      const url = new URL(redisUrl ?? '');
      return { host: url.hostname, port: Number(url.port || 6379) };
    };

    it('falls back at once when the connection drops, logs once, and recovers', async () => {
      const log = fakeLog();
      proxy = new RedisProxy(target());
      await proxy.start();
      store = await createSharedRateLimitStore(proxy.url, log as unknown as FastifyBaseLogger);
      const route = routeStore(store);
      expect(store.state()).toBe('redis');
      const key = `drop-${randomIp()}`;
      expect((await count(route, key)).current).toBe(1);
      expect((await count(route, key)).current).toBe(2);

      await proxy.stop();
      await waitFor(() => store?.state() === 'in-process (redis unreachable)');
      for (let call = 1; call <= 6; call++) {
        const { current, ms } = await count(route, key);
        // Counted in this process from the outage on: the limit (5 here) still refuses the 6th.
        expect(current).toBe(call);
        expect(ms).toBeLessThan(redisBudgetMs);
      }
      expect(log.error).toHaveBeenCalledTimes(1);

      await proxy.start(); // the same port
      await waitFor(() => store?.state() === 'redis');
      expect((await count(route, key)).current).toBe(3);
      expect(log.info).toHaveBeenCalledTimes(1);
      expect(log.error).toHaveBeenCalledTimes(1);
    });

    it('stops waiting on a Redis that stops answering after the budget, then does not wait at all', async () => {
      const log = fakeLog();
      proxy = new RedisProxy(target());
      await proxy.start();
      store = await createSharedRateLimitStore(proxy.url, log as unknown as FastifyBaseLogger);
      const route = routeStore(store);
      expect(store.state()).toBe('redis');
      proxy.answering = false;
      const first = await count(route, `hang-${randomIp()}`);
      expect(first.ms).toBeGreaterThanOrEqual(redisBudgetMs - 5);
      expect(first.ms).toBeLessThan(redisBudgetMs + 100);
      expect(store.state()).toBe('in-process (redis unreachable)');
      const next = await count(route, `hang-${randomIp()}`);
      expect(next.ms).toBeLessThan(redisBudgetMs);
      expect(log.error).toHaveBeenCalledTimes(1);
    });
  });
});

describe.skipIf(!testRedisUrl())('/api/readyz with Redis', () => {
  let t: TestApp;
  let proxy: RedisProxy;
  beforeAll(async () => {
    const url = new URL(testRedisUrl() ?? '');
    proxy = new RedisProxy({ host: url.hostname, port: Number(url.port || 6379) });
    await proxy.start();
    t = await createTestApp({ redisUrl: proxy.url });
  });
  afterAll(async () => {
    await t.close();
    await proxy.stop();
  });

  const readiness = async () => {
    const started = performance.now();
    const response = await t.app.inject({ method: 'GET', url: '/api/readyz' });
    return { response, ms: performance.now() - started };
  };

  it('reports a Redis that answers', async () => {
    const { response } = await readiness();
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ status: 'ready', redis: 'ok', rateLimits: 'redis' });
  });

  it('waits at most the budget on a Redis that stops answering, stays ready, and recovers', async () => {
    proxy.answering = false;
    try {
      const { response, ms } = await readiness();
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ status: 'degraded', redis: 'unreachable' });
      expect(ms).toBeGreaterThanOrEqual(redisBudgetMs - 5);
      expect(ms).toBeLessThan(redisBudgetMs + 400);
      // The rate limits saw the same outage.
      expect(t.app.rateLimitStore()).toBe('in-process (redis unreachable)');
    } finally {
      proxy.answering = true;
    }
    await waitFor(() => t.app.rateLimitStore() === 'redis');
    expect((await readiness()).response.json().data).toMatchObject({ status: 'ready', redis: 'ok' });
  });

  it('answers another instance on the same database alike', async () => {
    const other = await buildTestApp(t.database, { redisUrl: testRedisUrl() });
    try {
      const response = await other.inject({ method: 'GET', url: '/api/readyz' });
      expect(response.json().data).toMatchObject({ status: 'ready', redis: 'ok' });
    } finally {
      await other.close();
    }
  });
});
