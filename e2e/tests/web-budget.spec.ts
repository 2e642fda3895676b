import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

const require = createRequire(import.meta.url);
/** A file of an installed package, past what its `exports` let a program import. */
const packageFile = (name: string, file: string) =>
  readFileSync(path.join(path.dirname(require.resolve(`${name}/package.json`)), file));

// The initial JavaScript of any public route, gzipped: 150 KB with React 19 (decision 040).
const INITIAL_JS_BUDGET_BYTES = 153_600;
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

test('the web app starts with less than 150 KB of gzipped JavaScript', () => {
  const scripts = initialScripts();
  expect(scripts.length).toBeGreaterThan(0);
  const bytes = scripts.reduce(
    (sum, script) => sum + gzipSync(readFileSync(new URL(script, dist))).length,
    0,
  );
  test.info().annotations.push({ type: 'initial JS (gzip)', description: `${bytes} bytes` });
  expect(bytes).toBeLessThan(INITIAL_JS_BUDGET_BYTES);
});

/**
 * `scripts/bundle-budget.mjs` holds every public route to its budget in `npm test`. These run it
 * on small made-up builds, so a check that stopped counting a route's files, or stopped failing,
 * fails here.
 */
test.describe('the per-route budget check', () => {
  const script = fileURLToPath(new URL('../../scripts/bundle-budget.mjs', import.meta.url));
  const routePaths = [
    '/signin',
    '/breathe',
    '/quiz',
    '/quiz-results',
    '/getting-started',
    '/gift',
    '/redeem',
    '/checkout',
    '/webcheckout',
    '/twopercent',
    '/mobileDownload',
    '/android',
    '/referral-link',
    '/uninstall-chrome-extension',
    '/privacy',
    '/terms',
    // The not-found page, drawn at build time at core's NOT_FOUND_DRAWING_PATH.
    '/404',
  ];
  // Random bytes as text do not compress much: about 300 KB gzipped, over every route's budget.
  const heavy = `export const data = "${randomBytes(400_000).toString('base64')}";\n`;

  /**
   * A build with a tiny entry and one tiny chunk per route; `signInChunk` is /signin's own chunk.
   * `drawnPages` are the pages whose first screens the build drew (every route, by default).
   */
  function madeUpBuild(signInChunk: string, drawnPages = [...routePaths, '/']): string {
    const dist = mkdtempSync(path.join(tmpdir(), 'bundle-budget-'));
    mkdirSync(path.join(dist, 'assets'));
    mkdirSync(path.join(dist, '.vite'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<script type="module" crossorigin src="/assets/index-aaaaaaaa.js"></script>',
    );
    writeFileSync(path.join(dist, 'assets/index-aaaaaaaa.js'), 'export const shell = 1;\n');
    writeFileSync(path.join(dist, 'assets/Heavy-aaaaaaaa.js'), heavy);
    for (const name of ['SignedInLayout', 'HomePage', 'Page']) {
      writeFileSync(path.join(dist, `assets/${name}-aaaaaaaa.js`), `export const page = '${name}';\n`);
    }
    writeFileSync(path.join(dist, 'assets/SignIn-aaaaaaaa.js'), signInChunk);
    const preloads = Object.fromEntries(
      routePaths.map((route) => [
        route,
        {
          scripts: [route === '/signin' ? '/assets/SignIn-aaaaaaaa.js' : '/assets/Page-aaaaaaaa.js'],
          styles: [],
        },
      ]),
    );
    // Home, signed in: the signed-in layout's chunks and its own, as the route table lists them.
    preloads['/'] = {
      scripts: ['/assets/SignedInLayout-aaaaaaaa.js', '/assets/HomePage-aaaaaaaa.js'],
      styles: [],
    };
    writeFileSync(path.join(dist, '.vite/route-preloads.json'), JSON.stringify(preloads));
    writeFileSync(
      path.join(dist, '.vite/prerendered.json'),
      JSON.stringify(Object.fromEntries(drawnPages.map((page) => [page, { html: '<p>first screen</p>' }]))),
    );
    return dist;
  }

  function check(dist: string) {
    const out = path.join(dist, 'result.json');
    const run = spawnSync(process.execPath, [script, '--dist', dist, '--out', out], { encoding: 'utf8' });
    const result = existsSync(out)
      ? (JSON.parse(readFileSync(out, 'utf8')) as { routes: { route: string; gzipBytes: number }[] })
      : { routes: [] };
    rmSync(dist, { recursive: true, force: true });
    return { status: run.status, stderr: run.stderr, routes: result.routes };
  }

  test('passes small routes and counts what a dynamic import loads later as not initial', () => {
    const { status, routes } = check(madeUpBuild('const later = () => import("./Heavy-aaaaaaaa.js");\n'));
    expect(status).toBe(0);
    expect(routes).toHaveLength(routePaths.length + 1);
    for (const route of routes) expect(route.gzipBytes).toBeLessThan(1_000);
  });

  test("fails naming a route whose chunk statically imports more than the route's budget", () => {
    const { status, stderr, routes } = check(madeUpBuild('import { data } from "./Heavy-aaaaaaaa.js";\n'));
    expect(status).toBe(1);
    expect(stderr).toContain('over budget: /signin (');
    expect(stderr).not.toContain('/quiz');
    expect(routes.find((route) => route.route === '/signin')?.gzipBytes).toBeGreaterThan(200_000);
  });

  test('fails when the entry itself is over every budget', () => {
    const dist = madeUpBuild('export const signIn = 1;\n');
    writeFileSync(path.join(dist, 'assets/index-aaaaaaaa.js'), heavy);
    const { status, stderr } = check(dist);
    expect(status).toBe(1);
    for (const route of routePaths) expect(stderr).toContain(`${route} (`);
  });

  test('fails when the shell index.html loads is split into more files than a browser fetches at once', () => {
    const dist = madeUpBuild('export const signIn = 1;\n');
    const parts = ['a', 'b', 'c'].map((part) => `assets/shell-${part}aaaaaaa.js`);
    for (const part of parts) writeFileSync(path.join(dist, part), `export const part = '${part}';\n`);
    writeFileSync(
      path.join(dist, 'assets/index-aaaaaaaa.js'),
      `${parts.map((part) => `import "./${path.basename(part)}";`).join('\n')}\nexport const shell = 1;\n`,
    );
    const { status, stderr } = check(dist);
    expect(status).toBe(1);
    expect(stderr).toContain('the shell is 4 files');
  });

  test("fails naming a built file with Preact's own code in it, wherever it loads", () => {
    // Preact's published builds (a devDependency for this test only), as an alias of `react`
    // would bring them into a lazy chunk: its core, its hooks and its React compatibility layer.
    for (const file of [
      'dist/preact.module.js',
      'hooks/dist/hooks.module.js',
      'compat/dist/compat.module.js',
    ]) {
      const dist = madeUpBuild('const later = () => import("./Heavy-aaaaaaaa.js");\n');
      writeFileSync(path.join(dist, 'assets/lazy-aaaaaaaa.js'), packageFile('preact', file));
      const { status, stderr } = check(dist);
      expect(status, file).toBe(1);
      expect(stderr, file).toContain('Preact is in assets/lazy-aaaaaaaa.js');
    }
  });

  test("finds no Preact in React's own code", () => {
    const dist = madeUpBuild('const later = () => import("./Heavy-aaaaaaaa.js");\n');
    for (const [name, file] of [
      ['react-dom', 'cjs/react-dom-client.production.js'],
      ['react', 'cjs/react.production.js'],
      ['scheduler', 'cjs/scheduler.production.js'],
    ] as const)
      writeFileSync(path.join(dist, `assets/${name}-aaaaaaaa.js`), packageFile(name, file));
    const { stderr } = check(dist);
    expect(stderr).not.toContain('Preact is in');
  });

  test("fails naming a built file with zod's full form in it, and passes its smaller form", () => {
    const lazyChunk = 'const later = () => import("./Heavy-aaaaaaaa.js");\n';
    const withMini = madeUpBuild(lazyChunk);
    writeFileSync(path.join(withMini, 'assets/mini-aaaaaaaa.js'), packageFile('zod', 'v4/mini/schemas.js'));
    expect(check(withMini).stderr).not.toContain("zod's full form");
    const withFull = madeUpBuild(lazyChunk);
    writeFileSync(
      path.join(withFull, 'assets/full-aaaaaaaa.js'),
      packageFile('zod', 'v4/classic/schemas.js'),
    );
    const { status, stderr } = check(withFull);
    expect(status).toBe(1);
    expect(stderr).toContain("zod's full form is in assets/full-aaaaaaaa.js;");
  });

  test("fails naming a route whose initial files hold Sentry's SDK, and passes it loaded later", () => {
    // Its code that makes the address it sends to, without the imports this made-up build lacks.
    const sentry = packageFile('@sentry/core', 'build/esm/api.js')
      .toString()
      .replace(/^import .*$/gm, '');
    const later = madeUpBuild('const later = () => import("./sentry-aaaaaaaa.js");\n');
    writeFileSync(path.join(later, 'assets/sentry-aaaaaaaa.js'), sentry);
    const lazily = check(later);
    expect(lazily.stderr).not.toContain("Sentry's browser SDK");
    expect(lazily.status).toBe(0);
    const initial = madeUpBuild('import "./sentry-aaaaaaaa.js";\nexport const signIn = 1;\n');
    writeFileSync(path.join(initial, 'assets/sentry-aaaaaaaa.js'), sentry);
    const { status, stderr } = check(initial);
    expect(status).toBe(1);
    expect(stderr).toContain("Sentry's browser SDK is in the initial JavaScript of /signin:");
  });

  test('fails naming a public page drawn at build time that has no budget', () => {
    const { status, stderr } = check(
      madeUpBuild('export const signIn = 1;\n', [...routePaths, '/', '/new-public-page']),
    );
    expect(status).toBe(1);
    expect(stderr).toContain('no budget for /new-public-page,');
    expect(stderr).not.toContain('/quiz');
  });
});
