import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const idOf = (res: LightMyRequestResponse) => res.headers['x-request-id'];

describe('request ids', () => {
  const lines: string[] = [];
  let t: TestApp;
  // The same, behind a trusted proxy (TRUST_PROXY).
  let proxied: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'stillpoint-web-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Stillpoint</title>');
    t = await createTestApp({ webDistDir: dist, logLevel: 'info' });
    proxied = await createTestApp(
      { webDistDir: dist, logLevel: 'info', trustProxy: true },
      { logStream: { write: (line: string) => void lines.push(line) } },
    );
  });
  afterAll(async () => {
    await t.close();
    await proxied.close();
  });

  it.each([
    ['an API answer', 'GET', '/api/healthz', 200],
    ['an API refusal', 'GET', '/api/getUser', 401],
    ['an invalid body', 'POST', '/api/sendFeedback', 400],
    ['an unknown API call', 'GET', '/api/noSuchCall', 404],
    ['a page', 'GET', '/subscription', 200],
    ['an unknown page', 'GET', '/settings', 404],
    ['a missing asset', 'GET', '/assets/gone-123.js', 404],
    ['the metrics', 'GET', '/metrics', 200],
  ] as const)('come back on %s, a new one each time', async (_what, method, url, status) => {
    const request = () =>
      t.app.inject({
        method,
        url,
        ...(method === 'POST' ? { headers: { 'content-type': 'application/json' }, payload: '{' } : {}),
      });
    const [first, second] = [await request(), await request()];
    expect(first.statusCode).toBe(status);
    expect(idOf(first)).toMatch(UUID);
    expect(idOf(second)).toMatch(UUID);
    expect(idOf(first)).not.toBe(idOf(second));
  });

  it('are new whatever a client sent, when no proxy is trusted', async () => {
    const sent = 'lb-7f3a.19_Z';
    const [first, second] = [
      await t.app.inject({ method: 'GET', url: '/api/healthz', headers: { 'x-request-id': sent } }),
      await t.app.inject({ method: 'GET', url: '/api/healthz', headers: { 'x-request-id': sent } }),
    ];
    expect(idOf(first)).toMatch(UUID);
    expect(idOf(second)).toMatch(UUID);
    expect(idOf(first)).not.toBe(idOf(second));
  });

  it('keep the id a trusted proxy sent, and log under it', async () => {
    const sent = 'lb-7f3a.19_Z';
    const res = await proxied.app.inject({
      method: 'GET',
      url: '/api/healthz',
      headers: { 'x-request-id': sent },
    });
    expect(idOf(res)).toBe(sent);
    const logged = lines.map((line) => JSON.parse(line) as { reqId?: string; msg: string });
    expect(logged.filter((record) => record.reqId === sent).map((record) => record.msg)).toEqual([
      'incoming request',
      'request completed',
    ]);
  });

  it('keep a sent id of 64 characters', async () => {
    const sent = 'a'.repeat(64);
    const res = await proxied.app.inject({
      method: 'GET',
      url: '/api/healthz',
      headers: { 'x-request-id': sent },
    });
    expect(idOf(res)).toBe(sent);
  });

  it.each([
    ['too long', 'a'.repeat(65)],
    ['with spaces', 'id with spaces'],
    ['with quotes and braces', 'x","msg":"forged'],
    ['with a slash', '../etc'],
    ['empty', ''],
  ])('replace a sent id %s with one of their own', async (_what, sent) => {
    const res = await proxied.app.inject({
      method: 'GET',
      url: '/api/healthz',
      headers: { 'x-request-id': sent },
    });
    expect(idOf(res)).toMatch(UUID);
    for (const line of lines) expect(line).not.toContain('forged');
  });
});
