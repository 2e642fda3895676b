import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

// DESIGN's performance budget: the initial JavaScript of any public route, gzipped.
const INITIAL_JS_BUDGET_BYTES = 120_000;
const dist = new URL('../../apps/web/dist/', import.meta.url);

/** The scripts index.html loads before anything else: its entry module and the modules it preloads. */
function initialScripts(): string[] {
  const html = readFileSync(new URL('index.html', dist), 'utf8');
  const entry = [...html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g)].map((match) => match[1] ?? '');
  const preloaded = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g)].map(
    (match) => match[1] ?? '',
  );
  return [...entry, ...preloaded];
}

test('the web app starts with less than 120 KB of gzipped JavaScript', () => {
  const scripts = initialScripts();
  expect(scripts.length).toBeGreaterThan(0);
  const bytes = scripts.reduce(
    (sum, script) => sum + gzipSync(readFileSync(new URL(script, dist))).length,
    0,
  );
  test.info().annotations.push({ type: 'initial JS (gzip)', description: `${bytes} bytes` });
  expect(bytes).toBeLessThan(INITIAL_JS_BUDGET_BYTES);
});
