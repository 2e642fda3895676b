/**
 * How long an intercepted navigation takes to show breathe: from the moment a tab starts
 * navigating to an intercepted site until the first paint of breathe's first screen (the
 * extension's breathe.html, where the redirect rule lands), and until the first paint of the web
 * app's /breathe that takes over from it, in real Chromium with the built extension, the real
 * server and web app, and a local fixture site. Each document reports its own first paint
 * (intercept/first-paint.ts). A direct navigation to the web app's breathe page is measured
 * alongside, as the baseline. Method and results: bench/README.md.
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
import {
  expectBothKeep,
  expectExactReturn,
  interceptWithStillpoint,
  isBreathePage,
  stillpointScreens,
} from './intercept/stillpoint';

const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const WARMUP = 3;
const RESULTS_DIR = fileURLToPath(new URL('./.results/', import.meta.url));
const INTERCEPTED_HOST = 'www.distracting.test';

/** An intercepted navigation: Stillpoint's first screen, then the web app's page taking over. */
interface Intercepted {
  firstScreen: Landing;
  takenOver: Landing;
}

async function main() {
  const server = await startServer();
  const sites = await startFixtureSites();
  const context = await launchChromiumWithExtension(sites.hostResolverRules);
  try {
    const base = server.baseURL;
    const siteId = await interceptWithStillpoint(context, base, TEST_SITE.origin);
    const page = context.pages()[0] ?? (await context.newPage());
    /** Navigation start → first paint of the first screen and of the web app's page taking over. */
    const intercept = async (url: string): Promise<Intercepted> => {
      const landings = await measureNavigation(page, url, stillpointScreens(base), 15_000);
      const [firstScreen, takenOver] = landings;
      if (!firstScreen) throw new Error(`No first screen for ${url}.`);
      if (!takenOver)
        throw new Error(`The web app's /breathe did not take over from the first screen for ${url}.`);
      expectBothKeep(landings, url, siteId);
      return { firstScreen, takenOver };
    };
    /** Navigation start → first paint of the web app's breathe page opened directly. */
    const openDirectly = async (breathe: string, returnUrl: string): Promise<Landing> => {
      const [landing] = await measureNavigation(page, breathe, [isBreathePage(base)], 15_000);
      if (!landing) throw new Error(`No breathe page for ${breathe}.`);
      expectExactReturn(landing.href, returnUrl, siteId);
      return landing;
    };

    const plain: Intercepted[] = [];
    const complex: Intercepted[] = [];
    const direct: Landing[] = [];
    for (let run = 0; run < RUNS + WARMUP; run++) {
      // Both shapes take the one redirect (decision 025); '&' and '+' once needed an extra page,
      // so both are still measured side by side.
      const plainUrl = `https://${INTERCEPTED_HOST}/article/${run}?from=bench`;
      const complexUrl = `https://${INTERCEPTED_HOST}/search?q=calm+mind&run=${run}`;
      const breathe = breathePageUrl(base, siteId, plainUrl);
      // Interleaved, so drift in the machine's load affects all three alike.
      const a = await intercept(plainUrl);
      const b = await intercept(complexUrl);
      const c = await openDirectly(breathe, plainUrl);
      if (run >= WARMUP) {
        plain.push(a);
        complex.push(b);
        direct.push(c);
      }
      if ((run + 1) % 10 === 0) process.stderr.write(`  ${run + 1}/${RUNS + WARMUP}\n`);
    }

    const hits = sites.hitsOn(INTERCEPTED_HOST);
    const series = (samples: Landing[]) => ({
      total: summary(samples.map((s) => s.total)),
      hop: summary(samples.map((s) => s.hop)),
      breathe: summary(samples.map((s) => s.paint)),
    });
    const intercepted = (samples: Intercepted[]) => ({
      ...series(samples.map((s) => s.firstScreen)),
      takenOver: series(samples.map((s) => s.takenOver)),
    });
    const result = {
      runs: RUNS,
      interceptedSiteRequests: hits,
      plain: intercepted(plain),
      urlWithSymbols: intercepted(complex),
      direct: series(direct),
    };
    const rows: [string, Summary][] = [
      ['plain URL: navigation start → first screen first paint', result.plain.total],
      ['  of which redirect (rule → first screen request)', result.plain.hop],
      ["  taken over: navigation start → web app's /breathe first paint", result.plain.takenOver.total],
      ["URL with '&'/'+': navigation start → first screen first paint", result.urlWithSymbols.total],
      ['  of which redirect (rule → first screen request)', result.urlWithSymbols.hop],
      [
        "  taken over: navigation start → web app's /breathe first paint",
        result.urlWithSymbols.takenOver.total,
      ],
      ["no extension involved: straight to the web app's /breathe (baseline)", result.direct.total],
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
