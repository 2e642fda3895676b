/**
 * Lighthouse (mobile) performance of the web app's public pages, with Lighthouse's default config
 * as PageSpeed Insights and Chrome DevTools run it for mobile: a Moto G Power screen and user
 * agent, simulated slow 4G and 4× CPU slowdown. Several runs per page, medians, each run's
 * benchmarkIndex beside its score. Builds nothing: it starts the built server on a free port with
 * an empty data directory and stops it at the end. Method and results: bench/README.md.
 *
 *   npm run build
 *   npm run bench:lighthouse                          # every public page and home signed in, 3 runs each
 *   npm run bench:lighthouse -- /checkout /signin     # any paths (or LIGHTHOUSE_PATHS=/a,/b)
 *   npm run bench:lighthouse -- signed-in:/           # a page as the test person sees it, signed in
 *   npm run bench:lighthouse -- iphone:/getting-started  # with an iPhone's user agent (see IPHONE)
 *   LIGHTHOUSE_RUNS=5 LIGHTHOUSE_MIN_SCORE=90 npm run bench:lighthouse
 *
 * A `signed-in:` page is loaded as a person who signed in on this browser earlier sees it: their
 * session token in the browser's storage, and the note that this sign-in has told the server about
 * itself (the web app's once-per-sign-in sync). They are signed in through the API, as e2e does,
 * and Lighthouse is told not to clear the storage.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { NOT_FOUND_DRAWING_PATH } from '@stillpoint/core';
import { generateReport, type Result } from 'lighthouse';
import { type RunningServer, startServer } from '../e2e/fixtures/server';
import {
  CHROME_PATH,
  cleanUp,
  cleanups,
  IPHONE,
  isPageArgument,
  lighthouseEnvironment,
  METRICS,
  type Metric,
  median,
  pagePathOf,
  REPORTS_DIR,
  RESULTS_DIR,
  type Run,
  round,
  runPage,
  slug,
} from './support/lighthouse-run';
import { isSignedIn, SIGNED_IN, signInThroughApi } from './support/signed-in-browser';

/** Every public page of the issue, and home as a signed-in person sees it. */
const DEFAULT_PATHS = [
  '/signin',
  // The extension opens it for a signed-in person, in place of a paused site.
  `${SIGNED_IN}/breathe?returnUrl=https://www.youtube.com/`,
  '/quiz',
  '/quiz-results',
  `${IPHONE}/getting-started`,
  '/gift',
  '/redeem',
  '/checkout',
  '/webcheckout',
  '/twopercent',
  '/mobileDownload',
  '/android',
  '/referral-link?sharedByName=Sam',
  '/uninstall-chrome-extension',
  '/privacy',
  '/terms',
  `${SIGNED_IN}/`,
];
const argPaths = process.argv.slice(2).filter(isPageArgument);
const envPaths = (process.env.LIGHTHOUSE_PATHS ?? '').split(',').map((p) => p.trim());
const PATHS =
  argPaths.length > 0
    ? argPaths
    : envPaths.filter(Boolean).length > 0
      ? envPaths.filter(Boolean)
      : DEFAULT_PATHS;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const MIN_SCORE = Number(process.env.LIGHTHOUSE_MIN_SCORE ?? 95);
type Details = { type?: string; items?: Record<string, unknown>[] } & Record<string, unknown>;
const tableItems = (lhr: Result, id: string) => {
  const details = lhr.audits[id]?.details as Details | undefined;
  return details?.type === 'table' || details?.type === 'opportunity' ? (details.items ?? []) : [];
};

/**
 * What to fix, from one run's report: the performance audits that did not pass (opportunities
 * and diagnostics, largest estimated saving first), the LCP element, and the requests.
 */
function diagnose(lhr: Result, origin: string) {
  const refs = lhr.categories.performance?.auditRefs ?? [];
  const failing = refs
    .filter((ref) => ref.group !== 'metrics')
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit !== undefined)
    .filter(
      (audit) =>
        audit.score !== null &&
        audit.score < 0.9 &&
        !['notApplicable', 'manual', 'informative', 'error'].includes(audit.scoreDisplayMode),
    )
    .map((audit) => {
      const details = audit.details as Details | undefined;
      return {
        id: audit.id,
        title: audit.title,
        score: audit.score,
        displayValue: audit.displayValue,
        metricSavings: audit.metricSavings,
        savingsMs:
          typeof details?.overallSavingsMs === 'number' ? round(details.overallSavingsMs) : undefined,
        savingsBytes:
          typeof details?.overallSavingsBytes === 'number' ? details.overallSavingsBytes : undefined,
        items: (Array.isArray(details?.items) ? details.items : [])
          .slice(0, 5)
          .map((item) =>
            Object.fromEntries(
              Object.entries(item).filter(([, value]) => ['string', 'number'].includes(typeof value)),
            ),
          ),
      };
    })
    .sort(
      (a, b) =>
        (b.metricSavings?.LCP ?? 0) +
        (b.metricSavings?.FCP ?? 0) +
        (b.metricSavings?.TBT ?? 0) -
        ((a.metricSavings?.LCP ?? 0) + (a.metricSavings?.FCP ?? 0) + (a.metricSavings?.TBT ?? 0)),
    );
  // The LCP element audit is a list: the element, then its phases (TTFB, load delay, load time, render delay).
  const lcpDetails = lhr.audits['largest-contentful-paint-element']?.details as Details | undefined;
  const lcpTables = (lcpDetails?.items ?? []) as Details[];
  const lcpNode = lcpTables[0]?.items?.[0]?.node as Record<string, unknown> | undefined;
  const requests = tableItems(lhr, 'network-requests').map((item) => ({
    url: String(item.url).replace(origin, ''),
    resourceType: item.resourceType,
    transferSize: item.transferSize,
    resourceSize: item.resourceSize,
  }));
  return {
    lcpElement: lcpNode ? { selector: lcpNode.selector, snippet: lcpNode.snippet } : undefined,
    lcpPhases: lcpTables[1]?.items?.map((item) => ({
      phase: item.phase,
      timing: round(Number(item.timing)),
    })),
    failing,
    requests,
  };
}

/**
 * How the server answers the page and the assets index.html names: compression and cache
 * headers, which Lighthouse only sees indirectly.
 */
async function serverFacts(baseURL: string, pagePath: string) {
  const head = async (url: string) => {
    const res = await fetch(url, { headers: { 'accept-encoding': 'br, gzip, deflate' } });
    const body = await res.text();
    return {
      url: url.replace(baseURL, ''),
      status: res.status,
      contentEncoding: res.headers.get('content-encoding'),
      cacheControl: res.headers.get('cache-control'),
      decodedBytes: Buffer.byteLength(body),
      body,
    };
  };
  const doc = await head(`${baseURL}${pagePathOf(pagePath)}`);
  const assets = [...doc.body.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1] ?? '');
  const files = await Promise.all(assets.map((asset) => head(`${baseURL}${asset}`)));
  return [doc, ...files].map(({ body: _body, ...rest }) => rest);
}

/** Summarises one page's runs; the run with the median score is the one diagnosed and kept. */
async function summarizePage(server: RunningServer, pagePath: string, runs: { run: Run; lhr?: Result }[]) {
  const origin = new URL(server.baseURL).origin;
  const scored = runs.filter((r) => r.run.score !== null && r.lhr);
  const scores = scored.map((r) => r.run.score ?? 0);
  // A run Lighthouse could not score fails the page.
  const medianScore = scored.length === runs.length ? median(scores) : Number.NaN;
  const medianRun = scored.find((r) => r.run.score === median(scores));
  const medians = Object.fromEntries(
    (Object.keys(METRICS) as Metric[]).map((key) => [key, median(scored.map((r) => r.run.metrics[key]))]),
  ) as Record<Metric, number>;
  if (medianRun?.lhr) {
    mkdirSync(REPORTS_DIR, { recursive: true });
    writeFileSync(`${REPORTS_DIR}${slug(pagePath)}.html`, generateReport(medianRun.lhr, 'html'));
    writeFileSync(`${REPORTS_DIR}${slug(pagePath)}.json`, JSON.stringify(medianRun.lhr));
  }
  const benchmarkIndexes = runs.map((r) => r.run.benchmarkIndex ?? Number.NaN);
  return {
    path: pagePath,
    score: medianScore,
    scores: runs.map((r) => r.run.score),
    benchmarkIndexes,
    benchmarkIndex: median(benchmarkIndexes.filter(Number.isFinite)),
    medians,
    pass: medianScore >= MIN_SCORE,
    runs: runs.map((r) => r.run),
    externalRequests: [...new Set(runs.flatMap((r) => r.run.externalRequests))],
    diagnostics: medianRun?.lhr ? diagnose(medianRun.lhr, origin) : undefined,
    server: await serverFacts(server.baseURL, pagePath),
  };
}

/** Every page once per round, so a change in the machine's load affects all pages alike. */
async function measure(server: RunningServer) {
  const origin = new URL(server.baseURL).origin;
  const urls = PATHS.map((page) => new URL(pagePathOf(page), server.baseURL).href);
  const signedIn = PATHS.some(isSignedIn) ? await signInThroughApi(server.baseURL) : undefined;
  // Warms the server's file reads; every run still starts with an empty browser cache.
  for (const url of urls) await (await fetch(url)).text();
  const runs = PATHS.map(() => [] as { run: Run; lhr?: Result }[]);
  for (let round = 0; round < RUNS; round++) {
    for (const [index, url] of urls.entries()) {
      const page = PATHS[index] ?? '';
      const result = await runPage(url, origin, page, signedIn, `run ${round + 1}/${RUNS} ${page}`);
      runs[index]?.push(result);
    }
  }
  const pages = [];
  for (const [index, pagePath] of PATHS.entries()) {
    pages.push(await summarizePage(server, pagePath, runs[index] ?? []));
  }
  return pages;
}

/**
 * The pages the build drew first screens for (decision 022) are the public pages: the default list
 * must measure each one, so a page added to the web app is not left out of the goal.
 */
function unmeasuredPublicPages(): string[] {
  const drawn = fileURLToPath(new URL('../apps/web/dist/.vite/prerendered.json', import.meta.url));
  const measured = new Set(DEFAULT_PATHS.map((page) => pagePathOf(page).split('?')[0]));
  // The not-found page is drawn too, but answers with status 404, which Lighthouse will not measure.
  return Object.keys(JSON.parse(readFileSync(drawn, 'utf8'))).filter(
    (page) => !measured.has(page) && page !== NOT_FOUND_DRAWING_PATH,
  );
}

async function main() {
  if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`LIGHTHOUSE_RUNS must be a positive integer`);
  const unmeasured = unmeasuredPublicPages();
  if (unmeasured.length > 0) {
    throw new Error(`${unmeasured.join(', ')}: public pages of the build missing from DEFAULT_PATHS`);
  }
  if (!Number.isFinite(MIN_SCORE)) throw new Error(`LIGHTHOUSE_MIN_SCORE must be a number`);
  const loadBefore = loadavg();
  const server = await startServer();
  cleanups.add(() => server.stop());
  try {
    const pages = await measure(server);

    const shown = (score: number) => (Number.isFinite(score) ? String(score) : 'error');
    const ms = (value: number) => (Number.isFinite(value) ? String(Math.round(value)) : '–');
    // Each run's score beside the benchmarkIndex Lighthouse measured for it: simulated throttling
    // scales the CPU time it observes, so a score means little without the machine's speed.
    const runsShown = (p: (typeof pages)[number]) =>
      p.scores.map((s, i) => `${s ?? '–'} (${ms(p.benchmarkIndexes[i] ?? Number.NaN)})`).join(', ');
    const table = [
      `| page | score (median) | runs (benchmarkIndex) | benchmarkIndex (median) | FCP (ms) | LCP (ms) | TBT (ms) | CLS | SI (ms) |`,
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
      ...pages.map(
        (p) =>
          `| ${p.path} | ${shown(p.score)}${p.pass ? '' : ' ✗'} | ${runsShown(p)} | ${ms(p.benchmarkIndex)} | ${ms(p.medians.fcp)} | ${ms(p.medians.lcp)} | ${ms(p.medians.tbt)} | ${Number.isFinite(p.medians.cls) ? round(p.medians.cls, 3) : '–'} | ${ms(p.medians.si)} |`,
      ),
    ].join('\n');
    console.log(table);

    for (const page of pages) {
      if (page.pass || !page.diagnostics) continue;
      console.log(`\n${page.path} (median ${shown(page.score)}): what Lighthouse flags in the median run`);
      const { lcpElement, lcpPhases, failing } = page.diagnostics;
      if (lcpElement) console.log(`  LCP element: ${lcpElement.selector} ${lcpElement.snippet}`);
      if (lcpPhases)
        console.log(`  LCP phases: ${lcpPhases.map((p) => `${p.phase} ${p.timing} ms`).join(', ')}`);
      for (const audit of failing.slice(0, 10)) {
        const savings = Object.entries(audit.metricSavings ?? {})
          .filter(([, v]) => v)
          .map(([k, v]) => `${k} −${round(Number(v))}`);
        console.log(
          `  - ${audit.title}${audit.displayValue ? `: ${audit.displayValue}` : ''}${savings.length ? ` (${savings.join(', ')})` : ''}`,
        );
      }
    }
    const external = [...new Set(pages.flatMap((p) => p.externalRequests))];
    if (external.length > 0) {
      console.log(`\nRequests to other origins (the benchmark expects none):\n  ${external.join('\n  ')}`);
    }
    // Simulated throttling scales the CPU time it observes, so a busy machine lowers the scores.
    const benchmarkIndexes = pages
      .flatMap((p) => p.runs.map((r) => r.benchmarkIndex ?? Number.NaN))
      .filter(Number.isFinite);
    console.log(
      `\nHost: load average ${loadBefore.map((v) => round(v, 1)).join(' ')} before, ${loadavg()
        .map((v) => round(v, 1))
        .join(' ')} after; Lighthouse benchmarkIndex median ${median(benchmarkIndexes)} ` +
        `(min ${Math.min(...benchmarkIndexes)}, max ${Math.max(...benchmarkIndexes)})`,
    );
    for (const warning of new Set(pages.flatMap((p) => p.runs.flatMap((r) => r.warnings)))) {
      console.log(`\nLighthouse warning: ${warning}`);
    }

    const result = {
      date: new Date().toISOString(),
      lighthouse: 'default config (mobile, simulated throttling), performance category',
      lighthouseVersion: lighthouseEnvironment()?.lighthouseVersion,
      chromium: CHROME_PATH,
      userAgent: lighthouseEnvironment()?.userAgent,
      runsPerPage: RUNS,
      minScore: MIN_SCORE,
      loadAverage: { before: loadBefore.map((v) => round(v, 2)), after: loadavg().map((v) => round(v, 2)) },
      externalRequests: external,
      pages,
    };
    mkdirSync(RESULTS_DIR, { recursive: true });
    writeFileSync(`${RESULTS_DIR}lighthouse.json`, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`\nResults: bench/.results/lighthouse.json; median-run reports: bench/.results/lighthouse/`);
    const failed = pages.filter((p) => !p.pass);
    if (failed.length > 0) {
      console.error(`Below ${MIN_SCORE}: ${failed.map((p) => `${p.path} (${shown(p.score)})`).join(', ')}`);
      process.exitCode = 1;
    }
  } finally {
    await cleanUp();
  }
}

await main().catch(async (error) => {
  console.error(error);
  await cleanUp();
  process.exitCode = 1;
});
