/**
 * Initial JavaScript per public route, gzipped, held to a budget (bench/README.md, "Initial
 * JavaScript per route"). Run after `npm run build`: for each route it adds up what the browser
 * must load before that page can draw, namely index.html's entry script and modulepreloads plus
 * the route's own chunks from dist/.vite/route-preloads.json (decision 021), each with its static
 * imports. Prints a table, writes bench/.results/bundle-budget.json and exits 1 naming every route
 * over its budget, or every built file with Preact in it (React runs the app, decision 040) or
 * zod's full form (the schemas use `zod/mini`, decision 041).
 *
 *   node scripts/bundle-budget.mjs [--dist apps/web/dist] [--out bench/.results/bundle-budget.json]
 *
 * e2e/tests/web-budget.spec.ts runs it on small made-up builds to prove that it fails.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync, constants as zlib } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const option = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return path.resolve(root, at > 0 ? process.argv[at + 1] : fallback);
};
const dist = option('--dist', 'apps/web/dist');
const resultFile = option('--out', 'bench/.results/bundle-budget.json');

/** The ceiling for every public route: 150 KB of gzipped JavaScript before the page can draw. */
const CEILING = 153_600;

/**
 * The public routes. Every one is under the ceiling (the shell index.html loads is about 78 KB
 * with React 19, decision 040), and `budget` holds each where it is now plus about 3 KB, so it
 * cannot quietly grow back; lower it as the route shrinks. Home's files include the signed-in
 * layout's, which route-preloads.json lists with the pages under it. The schemas of home's first
 * calls (zod among them) load as those calls go out, beside their answers, and are not counted
 * (decision 054: they were preloaded with home's code until then, about 27 KB more). Home is no
 * public page and is over the ceiling by about 2 KB. Raised once since, with what every page's footer and sign-in
 * gained (the legal links and cookie settings, about 1.1 KB with the shell's new split) and each
 * route's own features (/getting-started's figures about 3.8 KB, /signin's agreement line,
 * /webcheckout's first-charge terms). Reset to each route's size
 * plus about 3 KB when the shell became one file (decision 043: about 5 KB less on every page), after
 * the purchase disclosure (/checkout, /webcheckout, /gift), the desktop layouts' showcase and the
 * pages' shared titles had been added.
 */
const routes = [
  { path: '/signin', budget: 134_000 },
  { path: '/breathe', budget: 148_000 },
  { path: '/quiz', budget: 131_500 },
  { path: '/quiz-results', budget: 152_000 },
  { path: '/getting-started', budget: 140_000 },
  { path: '/gift', budget: 147_500 },
  { path: '/redeem', budget: 140_500 },
  { path: '/checkout', budget: 150_500 },
  { path: '/webcheckout', budget: 147_500 },
  { path: '/twopercent', budget: 136_500 },
  { path: '/mobileDownload', budget: 143_000 },
  { path: '/android', budget: 143_500 },
  { path: '/referral-link', budget: 144_500 },
  { path: '/uninstall-chrome-extension', budget: 136_500 },
  { path: '/privacy', budget: 143_500 },
  { path: '/terms', budget: 142_000 },
  { path: '/404', note: 'not found', budget: 134_000 },
  { path: '/', note: 'signed in', budget: 158_000 },
];

if (!existsSync(path.join(dist, 'index.html'))) {
  console.error(`bundle budget: no ${path.relative(root, dist)}/index.html; run \`npm run build\` first`);
  process.exit(1);
}

/**
 * What only Preact's code holds, minified or not: the mangled name of a vnode's children, in its
 * core, hooks and compat alike, and its compat layer's name for double clicks. React runs the app
 * (decision 040); Preact in a built file means an alias of `react` came back. e2e's
 * web-budget.spec.ts holds these to Preact's own published files, and to React's, which must not
 * match.
 */
const PREACT_SIGNATURES = ['.__k', 'ondoubleclick'];

function* scriptsUnder(dir) {
  for (const entry of readdirSync(dir)) {
    const file = path.join(dir, entry);
    if (statSync(file).isDirectory()) yield* scriptsUnder(file);
    else if (/\.m?js$/.test(entry)) yield file;
  }
}

const withPreact = [...scriptsUnder(dist)].filter((file) => {
  const code = readFileSync(file, 'utf8');
  return PREACT_SIGNATURES.some((signature) => code.includes(signature));
});
if (withPreact.length > 0) {
  console.error(
    `bundle budget: Preact is in ${withPreact.map((file) => path.relative(dist, file)).join(', ')}; the web app runs on React (decision 040), so nothing may alias \`react\``,
  );
  process.exit(1);
}

/**
 * zod's full form names its base schema `ZodType`, as a quoted string in every build of it; its
 * smaller form, which the schemas are written in (decision 041), names it `ZodMiniType`. The full
 * form in a built file means a schema or a page imported `zod` rather than `zod/mini`: about 18 KB
 * more on the pages that check the server's answers. e2e's web-budget.spec.ts holds this to both
 * forms' published files.
 */
const FULL_ZOD_SIGNATURE = /[`'"]ZodType[`'"]/;
const withFullZod = [...scriptsUnder(dist)].filter((file) =>
  FULL_ZOD_SIGNATURE.test(readFileSync(file, 'utf8')),
);
if (withFullZod.length > 0) {
  console.error(
    `bundle budget: zod's full form is in ${withFullZod.map((file) => path.relative(dist, file)).join(', ')}; the web app's schemas are written with \`zod/mini\` (decision 041)`,
  );
  process.exit(1);
}

/** `/assets/x.js` → `assets/x.js`, the form every file is keyed by below. */
const relative = (url) => url.replace(/^\//, '');

const gzipped = new Map();
function gzipSize(file) {
  if (!gzipped.has(file)) {
    gzipped.set(
      file,
      gzipSync(readFileSync(path.join(dist, file)), { level: zlib.Z_BEST_COMPRESSION }).length,
    );
  }
  return gzipped.get(file);
}

/**
 * A chunk's static imports, from its code: `import … from "./x.js"`, `export … from "./x.js"` and
 * `import "./x.js"`. `import("./x.js")` is dynamic and loads later, so it is not counted.
 */
function staticImports(file) {
  const code = readFileSync(path.join(dist, file), 'utf8');
  const imports = [];
  for (const match of code.matchAll(
    /\bfrom\s*["']\.\/([^"']+\.js)["']|\bimport\s*["']\.\/([^"']+\.js)["']/g,
  )) {
    imports.push(path.posix.join(path.posix.dirname(file), match[1] ?? match[2]));
  }
  return imports;
}

function withStaticImports(files) {
  const all = new Set();
  const visit = (file) => {
    if (all.has(file)) return;
    all.add(file);
    for (const imported of staticImports(file)) visit(imported);
  };
  for (const file of files) visit(file);
  return all;
}

function indexScripts() {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)].map((m) => m[1]);
  const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)].map(
    (m) => m[1],
  );
  return [...scripts, ...preloads].map(relative);
}

/**
 * Every page with a first screen drawn at build time (decision 022) is a public route, and a new
 * one is added there first: a page among them without a budget here would go unchecked.
 */
const prerenderedFile = path.join(dist, '.vite/prerendered.json');
if (!existsSync(prerenderedFile)) {
  console.error(`bundle budget: no ${path.relative(root, prerenderedFile)}; run \`npm run build\` first`);
  process.exit(1);
}
const unbudgeted = Object.keys(JSON.parse(readFileSync(prerenderedFile, 'utf8'))).filter(
  (page) => !routes.some((route) => route.path === page),
);
if (unbudgeted.length > 0) {
  console.error(
    `bundle budget: no budget for ${unbudgeted.join(', ')}, drawn at build time as public pages; give each one in scripts/bundle-budget.mjs`,
  );
  process.exit(1);
}

const routePreloads = JSON.parse(readFileSync(path.join(dist, '.vite/route-preloads.json'), 'utf8'));
const shell = withStaticImports(indexScripts());
const shellBytes = [...shell].reduce((sum, file) => sum + gzipSize(file), 0);

/** Each route's initial files, by its path. */
const initialFiles = new Map();
const results = routes.map((route) => {
  const preloaded = routePreloads[route.path]?.scripts;
  if (!preloaded) throw new Error(`bundle budget: ${route.path} is not in route-preloads.json`);
  const own = preloaded.map(relative);
  const files = withStaticImports([...shell, ...own]);
  initialFiles.set(route.path, files);
  const bytes = [...files].reduce((sum, file) => sum + gzipSize(file), 0);
  const budget = route.budget ?? CEILING;
  return {
    route: route.note ? `${route.path} (${route.note})` : route.path,
    files: files.size,
    gzipBytes: bytes,
    budget,
    over: bytes > budget,
    overCeiling: Math.max(0, bytes - CEILING),
    routeFiles: [...files]
      .filter((file) => !shell.has(file))
      .map((file) => ({ file, gzipBytes: gzipSize(file) }))
      .sort((a, b) => b.gzipBytes - a.gzipBytes),
  };
});

const columns = ['route', 'files', 'gzip bytes', 'budget', 'over 150 KB', ''];
const rows = results.map((r) => [
  r.route,
  String(r.files),
  r.gzipBytes.toLocaleString('en-US'),
  r.budget.toLocaleString('en-US'),
  r.overCeiling ? r.overCeiling.toLocaleString('en-US') : '',
  r.over ? 'OVER BUDGET' : '',
]);
const widths = columns.map((c, i) => Math.max(c.length, ...rows.map((row) => row[i].length)));
const line = (cells) =>
  cells
    .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i])))
    .join('  ')
    .trimEnd();
console.log(`index.html loads ${shell.size} files, ${shellBytes.toLocaleString('en-US')} bytes gzipped`);
console.log(line(columns));
for (const row of rows) console.log(line(row));

mkdirSync(path.dirname(resultFile), { recursive: true });
writeFileSync(
  resultFile,
  `${JSON.stringify({ measuredAt: new Date().toISOString(), ceiling: CEILING, shell: { files: [...shell], gzipBytes: shellBytes }, routes: results }, null, 2)}\n`,
);

/**
 * Sentry's browser SDK loads after the first screen, and only with SENTRY_BROWSER_DSN (decision
 * 052): its code in a route's initial files would cost every page, configured or not. Sentry's
 * SDKs name the DSN's key `sentry_key` in the address they send to, in every build. e2e's
 * web-budget.spec.ts holds this to Sentry's published code.
 */
const SENTRY_SIGNATURE = 'sentry_key';
const withSentry = routes.filter((route) =>
  [...initialFiles.get(route.path)].some((file) =>
    readFileSync(path.join(dist, file), 'utf8').includes(SENTRY_SIGNATURE),
  ),
);
if (withSentry.length > 0) {
  console.error(
    `\nSentry's browser SDK is in the initial JavaScript of ${withSentry.map((route) => route.path).join(', ')}: it loads by import() after the first screen (decision 052)`,
  );
  process.exit(1);
}

/**
 * The files every page loads before it can start: the entry, Rolldown's runtime and the shell
 * (vite.config.ts's `shell` group). Without HTTP/2 a browser opens 6 connections to a host, so each
 * file beyond them waits a round trip; split by which lazy chunks share them, the shell was 8.
 */
const MAX_SHELL_FILES = 3;
if (shell.size > MAX_SHELL_FILES) {
  console.error(
    `\nthe shell is ${shell.size} files (${[...shell].join(', ')}), at most ${MAX_SHELL_FILES}: keep what index.html loads in vite.config.ts's shell group`,
  );
  process.exit(1);
}

const over = results.filter((r) => r.over);
if (over.length > 0) {
  console.error(
    `\nover budget: ${over.map((r) => `${r.route} (${r.gzipBytes.toLocaleString('en-US')} > ${r.budget.toLocaleString('en-US')})`).join(', ')}`,
  );
  process.exit(1);
}
