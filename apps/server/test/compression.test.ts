import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app';
import { randomIp } from './support/auth';

const ASSET = `console.log(${JSON.stringify('a calm line of code '.repeat(200))});`;

// Responses made per request are compressed as the client accepts; files the build compressed
// are sent as they are, never twice; request bodies are never inflated.
describe('compressed delivery', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'stillpoint-web-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><title>Stillpoint</title><div id="root"></div>',
    );
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), ASSET);
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(ASSET));
    t = await createTestApp({ webDistDir: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      remoteAddress: randomIp(),
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  it('sends API JSON in brotli, else gzip, else as it is, always the same data', async () => {
    const plain = await get('/api/getQuotes');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await get('/api/getQuotes', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());

    const gzip = await get('/api/getQuotes', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(plain.json());

    expect((await get('/api/getQuotes', 'identity')).headers['content-encoding']).toBeUndefined();
  });

  it('leaves small answers as they are: compressing them saves nothing', async () => {
    const res = await get('/api/healthz', 'br, gzip');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ success: true });
  });

  it("sends the build's brotli file as it is, not compressed again", async () => {
    const res = await get('/assets/index-abc123.js', 'br, gzip');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(ASSET);
  });

  it('does not inflate a compressed request body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sendFeedback',
      remoteAddress: randomIp(),
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ content: 'Hello', location: 'home' })),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'BAD_REQUEST' });
  });
});
