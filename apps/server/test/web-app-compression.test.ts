import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressPage, type Encoding, HtmlDocument, preferredEncoding } from '../src/http/web-app';
import { createTestApp, type TestApp, testConfig } from './support/app';

// A stand-in for `apps/web/dist` as the web build writes it (decision 021): every text file with
// its `.br` and `.gz` copies, and the route preloads file.
const INDEX_HTML = [
  '<!doctype html><html lang="en"><head><title>Stillpoint</title>',
  '<script type="module" crossorigin src="/assets/index-abc123.js"></script>',
  '</head><body><div id="root"></div></body></html>',
].join('\n');
const ENTRY_JS = `console.log(${JSON.stringify('the app shell '.repeat(200))});`;
const PRELOADS = {
  '/quiz': { scripts: ['/assets/QuizPage-q1.js', '/assets/Page-p1.js'], styles: [] },
  '/getting-started': { scripts: ['/assets/composedPages-c1.js'], styles: ['/assets/SignInPanel-s1.css'] },
  // Never written into the page: not one of our built files.
  '/gift': { scripts: ['https://elsewhere.example/x.js', '/assets/"><script>'], styles: [] },
};

function writeWithCompressedCopies(file: string, content: string) {
  writeFileSync(file, content);
  writeFileSync(`${file}.br`, brotliCompressSync(Buffer.from(content)));
  writeFileSync(`${file}.gz`, gzipSync(Buffer.from(content)));
}

const decode = (encoding: string | undefined, body: Buffer) =>
  (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString(
    'utf8',
  );

describe('serving the web app compressed', () => {
  let dist: string;
  let t: TestApp;
  let stripe: TestApp;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'stillpoint-web-'));
    mkdirSync(path.join(dist, 'assets'));
    mkdirSync(path.join(dist, '.vite'));
    writeWithCompressedCopies(path.join(dist, 'index.html'), INDEX_HTML);
    writeWithCompressedCopies(path.join(dist, 'assets', 'index-abc123.js'), ENTRY_JS);
    // An image: no compressed copies, sent as it is whatever the browser accepts.
    writeFileSync(path.join(dist, 'assets', 'photo-abc123.webp'), Buffer.from([1, 2, 3, 4]));
    writeFileSync(path.join(dist, '.vite', 'route-preloads.json'), JSON.stringify(PRELOADS));
    t = await createTestApp({ webDistDir: dist });
    const base = testConfig();
    stripe = await createTestApp({
      webDistDir: dist,
      payments: {
        provider: 'stripe',
        secretKey: 'sk_test_web',
        publishableKey: 'pk_test_web',
        webhookSecret: 'whsec_web',
      } as typeof base.payments,
    });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (app: TestApp, url: string, acceptEncoding?: string) =>
    app.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it.each([
    ['br, gzip, deflate', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['identity', undefined],
    [undefined, undefined],
  ])(
    'sends an asset to a browser accepting %s as %s, the same bytes once decoded',
    async (accept, encoding) => {
      const res = await get(t, '/assets/index-abc123.js', accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toContain('javascript');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(decode(encoding, res.rawPayload)).toBe(ENTRY_JS);
      if (encoding) expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(ENTRY_JS));
    },
  );

  it('sends a file that has no compressed copy as it is', async () => {
    const res = await get(t, '/assets/photo-abc123.webp', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect([...res.rawPayload]).toEqual([1, 2, 3, 4]);
  });

  it.each([
    ['br, gzip, deflate', 'br'],
    ['gzip', 'gzip'],
    ['*', 'br'],
    ['identity', undefined],
    [undefined, undefined],
  ])(
    'sends index.html for a client route to a browser accepting %s as %s, uncached',
    async (accept, encoding) => {
      // Signed-in pages: index.html as built (a public page's head names the page: page-heads.test.ts).
      for (const url of ['/', '/account', '/breathe?returnUrl=https%3A%2F%2Fx.com']) {
        const res = await get(t, url, accept);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-encoding'], url).toBe(encoding);
        expect(res.headers['content-type']).toContain('text/html');
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
        expect(decode(encoding, res.rawPayload)).toBe(INDEX_HTML);
      }
    },
  );

  it('preloads a page’s own chunks in its copy of index.html, compressed alike', async () => {
    for (const url of ['/quiz', '/quiz/', '/Quiz?from=ad']) {
      const plain = (await get(t, url)).body;
      expect(plain, url).toContain('<link rel="modulepreload" crossorigin href="/assets/QuizPage-q1.js">');
      expect(plain).toContain('<link rel="modulepreload" crossorigin href="/assets/Page-p1.js">');
      expect(plain).toContain('<div id="root"></div>');
      const br = await get(t, url, 'br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(decode('br', br.rawPayload)).toBe(plain);
    }
    const gettingStarted = (await get(t, '/getting-started')).body;
    expect(gettingStarted).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/composedPages-c1.js">',
    );
    expect(gettingStarted).toContain('<link rel="stylesheet" crossorigin href="/assets/SignInPanel-s1.css">');
    expect(gettingStarted).not.toContain('QuizPage');
  });

  it('writes nothing but our own built files into a page', async () => {
    const gift = (await get(t, '/gift')).body;
    expect(gift).not.toContain('elsewhere.example');
    expect(gift).not.toContain('"><script>');
    expect(gift).not.toContain('modulepreload');
  });

  it('keeps the payment page’s policy on the compressed document', async () => {
    for (const accept of ['br', 'gzip', undefined]) {
      const res = await get(stripe, '/getting-started', accept);
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['content-security-policy'])).toMatch(
        /script-src 'self' https:\/\/js\.stripe\.com/,
      );
      expect(decode(res.headers['content-encoding'] as string | undefined, res.rawPayload)).toContain(
        'composedPages-c1.js',
      );
    }
    const quiz = await get(stripe, '/quiz', 'br');
    expect(String(quiz.headers['content-security-policy'])).not.toContain('stripe');
  });

  it('answers HEAD for a page with the headers and no body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/quiz', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.body).toBe('');
  });
});

describe('choosing the encoding of a document', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['deflate', null],
    ['gzip', 'gzip'],
    ['GZIP', 'gzip'],
    ['br', 'br'],
    ['gzip, br', 'br'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['br;q=0', null],
    ['br;q=0, *', 'gzip'],
    ['*;q=0', null],
    ['*', 'br'],
  ])('%s: %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});

describe('a page compressed on first use', () => {
  it('compresses nothing when made, each encoding once when first asked for, and keeps it', () => {
    const calls: Encoding[] = [];
    const page = new HtmlDocument(INDEX_HTML, false, (identity, encoding) => {
      calls.push(encoding);
      return compressPage(identity, encoding);
    });
    expect(calls).toEqual([]);
    const br = page.body('br');
    expect(page.body('br')).toBe(br);
    expect(decode('br', br)).toBe(INDEX_HTML);
    expect(decode('gzip', page.body('gzip'))).toBe(INDEX_HTML);
    expect(page.body(null).toString('utf8')).toBe(INDEX_HTML);
    expect(calls).toEqual(['br', 'gzip']);
  });
});
