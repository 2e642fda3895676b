/**
 * How long an intercepted navigation takes to show the breathe page: from the moment a tab starts
 * navigating to an intercepted site until the breathe page's first paint, in real Chromium with
 * the built extension, the real server and web app, and a local fixture site. A direct
 * navigation to the same breathe page is measured alongside, as the baseline the interception adds
 * to. Method and results: bench/README.md.
 *
 *   npm run build && npm run build -w apps/extension
 *   npm run bench:intercept -w apps/extension          # BENCH_RUNS=50 by default
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { breathePageUrl } from '@stillpoint/core';
import { launchChromiumWithExtension } from '../e2e/fixtures/chromium-with-extension';
import { startFixtureSites, TEST_SITE } from '../e2e/fixtures/fixture-sites';
import { startServer } from '../e2e/fixtures/server';
import { type Landing, measureNavigation } from './intercept/first-paint';
import { round, type Summary, summary } from './intercept/statistics';
import { expectExactReturn, interceptWithStillpoint, isBreathePage } from './intercept/stillpoint';

const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const WARMUP = 3;
const RESULTS_DIR = fileURLToPath(new URL('./.results/', import.meta.url));
const INTERCEPTED_HOST = 'www.distracting.test';

type Sample = Landing;

async function main() {
  const server = await startServer();
  const sites = await startFixtureSites();
  const context = await launchChromiumWithExtension(sites.hostResolverRules);
  try {
    const base = server.baseURL;
    const siteId = await interceptWithStillpoint(context, base, TEST_SITE.origin);
    const page = context.pages()[0] ?? (await context.newPage());
    /** Navigation start → the breathe page's first paint; `expected` is the returnUrl it must carry. */
    const measure = async (target: string, expected: string): Promise<Sample> => {
      const landing = await measureNavigation(page, target, isBreathePage(base), 15_000);
      if (!landing) throw new Error(`No breathe page for ${target}.`);
      expectExactReturn(landing.href, expected, siteId);
      return landing;
    };

    const plain: Sample[] = [];
    const complex: Sample[] = [];
    const direct: Sample[] = [];
    for (let run = 0; run < RUNS + WARMUP; run++) {
      // Both shapes take the one redirect (decision 025); '&' and '+' once needed an extra page,
      // so both are still measured side by side.
      const plainUrl = `https://${INTERCEPTED_HOST}/article/${run}?from=bench`;
      const complexUrl = `https://${INTERCEPTED_HOST}/search?q=calm+mind&run=${run}`;
      const breathe = breathePageUrl(base, siteId, plainUrl);
      // Interleaved, so drift in the machine's load affects all three alike.
      const a = await measure(plainUrl, plainUrl);
      const b = await measure(complexUrl, complexUrl);
      const c = await measure(breathe, plainUrl);
      if (run >= WARMUP) {
        plain.push(a);
        complex.push(b);
        direct.push(c);
      }
      if ((run + 1) % 10 === 0) process.stderr.write(`  ${run + 1}/${RUNS + WARMUP}\n`);
    }

    const hits = sites.hitsOn(INTERCEPTED_HOST);
    const series = (samples: Sample[]) => ({
      total: summary(samples.map((s) => s.total)),
      hop: summary(samples.map((s) => s.hop)),
      breathe: summary(samples.map((s) => s.paint)),
    });
    const result = {
      runs: RUNS,
      interceptedSiteRequests: hits,
      plain: series(plain),
      urlWithSymbols: series(complex),
      direct: series(direct),
    };
    const rows: [string, Summary][] = [
      ['plain URL: navigation start → breathe first paint', result.plain.total],
      ['  of which redirect (rule → breathe page request)', result.plain.hop],
      ["URL with '&'/'+': navigation start → breathe first paint", result.urlWithSymbols.total],
      ['  of which redirect (rule → breathe page request)', result.urlWithSymbols.hop],
      ['no extension involved: straight to the breathe page (baseline)', result.direct.total],
    ];
    const table = [
      '| measure | median (ms) | p95 (ms) | min | max |',
      '| --- | --- | --- | --- | --- |',
      ...rows.map(
        ([name, s]) =>
          `| ${name} | ${round(s.median)} | ${round(s.p95)} | ${round(s.min)} | ${round(s.max)} |`,
      ),
    ].join('\n');
    console.log(table);
    console.log(`requests that reached ${INTERCEPTED_HOST}: ${hits}`);
    mkdirSync(RESULTS_DIR, { recursive: true });
    writeFileSync(`${RESULTS_DIR}extension-intercept.json`, `${JSON.stringify(result, null, 2)}\n`);
    if (hits > 0) process.exitCode = 1;
  } finally {
    await context.close();
    await sites.close();
    await server.stop();
  }
}

await main();
