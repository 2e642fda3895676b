import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app';
import { testDatabaseKind } from './support/database';

describe('the API shell', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers the liveness probe in the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { status: 'ok' } });
  });

  it('reports readiness with the database it checked', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/readyz' });
    expect(res.statusCode).toBe(200);
    // The forwarding job's state comes with it (forwarding.test.ts).
    expect(res.json()).toMatchObject({
      success: true,
      // No REDIS_URL in this app: nothing to ping, nothing degraded.
      data: { status: 'ready', database: testDatabaseKind(), redis: 'not configured' },
    });
  });

  it('answers an unknown API path with a 404 in the envelope, for any method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/noSuchCall?x=1' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        success: false,
        code: 'NOT_FOUND',
        error: `No API call ${method} /api/noSuchCall.`,
      });
    }
  });

  it('tells a caller plainly that the web app is not built when it is missing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/gift' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm run build');
  });

  it('serves OpenAPI generated from the core schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/healthz',
        '/api/readyz',
        '/api/getBrowserSitesWithActiveAndTodaysSessions',
        '/api/startBrowserSiteSession',
        '/api/reportMobileUsage',
        '/api/sendFeedback',
      ]),
    );
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/healthz' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });
});

describe('readiness when the database is down', () => {
  it('is a 503 that names no internals', async () => {
    const t = await createTestApp();
    const realPing = t.database.ping;
    t.database.ping = async () => {
      throw new Error('connect ECONNREFUSED 10.0.0.5:5432 password=hunter2');
    };
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        success: false,
        code: 'UNAVAILABLE',
        error: 'The database is not reachable.',
      });
      expect(res.body).not.toContain('hunter2');
    } finally {
      t.database.ping = realPing;
      await t.close();
    }
  });
});

describe('serving the web app', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'stillpoint-web-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><title>Stillpoint</title><div id="root"></div>',
    );
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("app")');
    t = await createTestApp({ webDistDir: dist });
  });
  afterAll(() => t.close());

  it('returns index.html for client routes, uncached', async () => {
    // Any other path is not found (not-found.test.ts).
    for (const url of ['/', '/gift', '/breathe?returnUrl=https%3A%2F%2Fx.com&siteId=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves hashed assets with a long cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.body).toBe('console.log("app")');
  });

  it('answers a missing asset with a 404, never with the page (an old tab after a new release)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-gone999.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('never answers an API path with the web app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/getNothing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });
});
