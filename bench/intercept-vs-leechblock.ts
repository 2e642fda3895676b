/**
 * Stillpoint's intercept against LeechBlock NG, side by side in one run: two Chromium browsers
 * with the same flags and fresh profiles, one with the built extension and one with LeechBlock
 * NG, each blocking the same fixture site. For every URL shape, each run makes one navigation in
 * each browser (the order alternating) and measures navigation start → first paint of the first
 * page the blocker shows (Stillpoint's first screen, the extension's breathe.html; LeechBlock's
 * blocked.html), and for Stillpoint also → first paint of the web app's /breathe taking over from
 * it. Each document reports its own first paint (intercept/first-paint.ts). Method and results:
 * bench/README.md.
 *
 *   npm run build && npm run build:extension
 *   npm run bench:intercept:leechblock -w apps/extension     # BENCH_RUNS=30 pairs per shape
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { launchChromiumWithExtension } from '../e2e/fixtures/chromium-with-extension';
import { type FixtureSites, startFixtureSites, TEST_SITE } from '../e2e/fixtures/fixture-sites';
import { startServer } from '../e2e/fixtures/server';
import { type Landing, measureNavigation, type Screen } from './intercept/first-paint';
import { blockWithLeechBlock, findLeechBlock } from './intercept/leechblock';
import { round, type Summary, summary } from './intercept/statistics';
import { expectBothKeep, interceptWithStillpoint, stillpointScreens } from './intercept/stillpoint';
import { requestedPath, SHAPES, URL_SHAPES, type UrlShape } from './intercept/url-shapes';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const WARMUP = 2;
/** Longer than any blocker takes on a busy machine; a navigation not blocked by then was let through. */
const LANDING_TIMEOUT = 15_000;
const RESULTS_DIR = fileURLToPath(new URL('./.results/', import.meta.url));
/** The goal (the performance issue, goal 6). */
const GOAL = { medianMs: 120, ratio: 2 };

type BlockerName = 'Stillpoint' | 'LeechBlock NG';

interface Blocker {
  name: BlockerName;
  page: Page;
  /** This browser's own fixture server, so every request it records is this blocker's. */
  sites: FixtureSites;
  /**
   * The pages it shows for an intercepted navigation, in order. The first is its first screen,
   * the one measured against the other blocker; Stillpoint's web app page takes over after it.
   */
  screens: Screen[];
  /** Checks the blocker's pages for the address; Stillpoint's must be exact, so it throws. */
  keeps(landings: Landing[], url: string): boolean;
  /** Navigation start → first paint of the first screen, per run (null: the navigation was not blocked). */
  samples: Record<UrlShape, (Landing | null)[]>;
  /** Navigation start → first paint of the page taking over from it (Stillpoint only). */
  takenOver: Record<UrlShape, (Landing | null)[]>;
}

const emptySamples = () =>
  Object.fromEntries(SHAPES.map((shape) => [shape, [] as (Landing | null)[]])) as Record<
    UrlShape,
    (Landing | null)[]
  >;

/** Navigations of a shape (measured runs only) whose address the blocker's browser requested. */
function navigationsReachingSite(sites: FixtureSites, shape: UrlShape) {
  const requested = new Set(
    sites.hits.filter((hit) => TEST_SITE.hosts.includes(hit.host)).map((hit) => hit.path),
  );
  let reached = 0;
  for (let run = WARMUP; run < WARMUP + RUNS; run++) {
    if (requested.has(requestedPath(URL_SHAPES[shape](run)))) reached++;
  }
  return reached;
}

const interceptedSiteRequests = (sites: FixtureSites) =>
  sites.hits.filter((hit) => TEST_SITE.hosts.includes(hit.host)).length;

/**
 * Opens about:blank in the tab. LeechBlock NG's own redirect (tabs.update) can still be under way
 * and interrupt it; then the tab is given a moment and asked again.
 */
async function leaveForBlank(page: Page, attempts = 5): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.goto('about:blank');
      return;
    } catch (error) {
      if (attempt >= attempts || !String(error).includes('interrupted by another navigation')) throw error;
      await page.waitForTimeout(300);
    }
  }
}

async function main() {
  const loads: number[] = [];
  const sampleLoad = () => loads.push(os.loadavg()[0] ?? Number.NaN);
  sampleLoad();
  const loadTimer = setInterval(sampleLoad, 5_000);
  const leechBlock = findLeechBlock();
  const server = await startServer();
  const cleanups: (() => Promise<unknown>)[] = [() => server.stop()];
  try {
    const blockers: Blocker[] = [];

    const stillpointSites = await startFixtureSites();
    cleanups.unshift(() => stillpointSites.close());
    const stillpointBrowser = await launchChromiumWithExtension(stillpointSites.hostResolverRules);
    cleanups.unshift(() => stillpointBrowser.close());
    const siteId = await interceptWithStillpoint(stillpointBrowser, server.baseURL, TEST_SITE.origin);
    blockers.push({
      name: 'Stillpoint',
      page: stillpointBrowser.pages()[0] ?? (await stillpointBrowser.newPage()),
      sites: stillpointSites,
      screens: stillpointScreens(server.baseURL),
      keeps: (landings, url) => {
        expectBothKeep(landings, url, siteId);
        return true;
      },
      samples: emptySamples(),
      takenOver: emptySamples(),
    });

    if (leechBlock.copy) {
      const leechBlockSites = await startFixtureSites();
      cleanups.unshift(() => leechBlockSites.close());
      const leechBlockBrowser = await launchChromiumWithExtension(leechBlockSites.hostResolverRules, {
        extensionPath: leechBlock.copy.dir,
      });
      cleanups.unshift(() => leechBlockBrowser.close());
      const blocking = await blockWithLeechBlock(leechBlockBrowser, TEST_SITE.origin);
      blockers.push({
        name: 'LeechBlock NG',
        page: leechBlockBrowser.pages()[0] ?? (await leechBlockBrowser.newPage()),
        sites: leechBlockSites,
        screens: [blocking.isBlockedPage],
        keeps: ([blocked], url) => blocking.blockedAddress(blocked?.href ?? '') === url,
        samples: emptySamples(),
        takenOver: emptySamples(),
      });
    } else {
      console.log(
        `LeechBlock NG skipped: no unpacked copy at ${leechBlock.dir} (bench/README.md says how to get it).`,
      );
    }

    const browserVersion = stillpointBrowser.browser()?.version() ?? 'unknown';
    const lost: Record<string, number> = {};
    for (let run = 0; run < WARMUP + RUNS; run++) {
      for (const [index, shape] of SHAPES.entries()) {
        const url = URL_SHAPES[shape](run);
        // Alternating who goes first, so neither always runs right after the other's work.
        const order = (run + index) % 2 === 0 ? blockers : [...blockers].reverse();
        for (const blocker of order) {
          const landings = await measureNavigation(blocker.page, url, blocker.screens, LANDING_TIMEOUT);
          const [landing, takenOver] = landings;
          if (blocker.name === 'Stillpoint') {
            if (!landing) throw new Error(`Stillpoint did not show its first screen for ${url}.`);
            if (!takenOver) {
              throw new Error(
                `The web app's /breathe did not take over from Stillpoint's first screen for ${url}.`,
              );
            }
          }
          if (landing && !blocker.keeps(landings, url)) {
            const key = `${blocker.name}: ${shape}`;
            lost[key] = (lost[key] ?? 0) + 1;
          }
          // Leaves nothing running (the breathe page animates) while the other browser measures.
          await leaveForBlank(blocker.page);
          if (run >= WARMUP) {
            blocker.samples[shape].push(landing ?? null);
            if (blocker.screens.length > 1) blocker.takenOver[shape].push(takenOver ?? null);
          }
        }
      }
      if ((run + 1) % 5 === 0) process.stderr.write(`  ${run + 1}/${WARMUP + RUNS}\n`);
    }
    sampleLoad();

    const results = blockers.map((blocker) => ({
      blocker: blocker.name,
      interceptedSiteRequests: interceptedSiteRequests(blocker.sites),
      shapes: Object.fromEntries(
        SHAPES.map((shape) => {
          const landed = blocker.samples[shape].filter((sample): sample is Landing => sample !== null);
          const taken = blocker.takenOver[shape].filter((sample): sample is Landing => sample !== null);
          return [
            shape,
            {
              navigations: blocker.samples[shape].length,
              notBlocked: blocker.samples[shape].length - landed.length,
              reachedSite: navigationsReachingSite(blocker.sites, shape),
              addressLost: lost[`${blocker.name}: ${shape}`] ?? 0,
              total: landed.length > 0 ? summary(landed.map((s) => s.total)) : null,
              hop: landed.length > 0 ? summary(landed.map((s) => s.hop)) : null,
              paint: landed.length > 0 ? summary(landed.map((s) => s.paint)) : null,
              // Navigation start → first paint of the web app's page; its navigation start.
              takenOver: taken.length > 0 ? summary(taken.map((s) => s.total)) : null,
              takenOverHop: taken.length > 0 ? summary(taken.map((s) => s.hop)) : null,
            },
          ];
        }),
      ) as Record<
        UrlShape,
        {
          navigations: number;
          notBlocked: number;
          reachedSite: number;
          addressLost: number;
          total: Summary | null;
          hop: Summary | null;
          paint: Summary | null;
          takenOver: Summary | null;
          takenOverHop: Summary | null;
        }
      >,
    }));

    const ms = (value: number | undefined) => (value === undefined ? '–' : String(round(value)));
    console.log(
      `\nChromium ${browserVersion}, LeechBlock NG ${leechBlock.copy?.version ?? 'skipped'}, ` +
        `${RUNS} runs per URL shape (one navigation per blocker each) after ${WARMUP} warm-up runs`,
    );
    console.log(
      `load average (1 min) over the run: ${Math.min(...loads).toFixed(2)} to ${Math.max(...loads).toFixed(2)}` +
        ` (start ${loads[0]?.toFixed(2)}, end ${loads.at(-1)?.toFixed(2)}), ${os.cpus().length} cores\n`,
    );
    console.log(
      'First screen: navigation start → first paint of the first page the blocker shows. Taken over: ' +
        "→ first paint of the web app's /breathe that replaces Stillpoint's first screen.\n",
    );
    console.log(
      '| blocker | URL shape | first screen median (ms) | p95 | min | max | of which before its page (median) | ' +
        'its own paint (median) | taken over median (ms) | taken over p95 | navigations reaching the site |',
    );
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const result of results) {
      for (const shape of SHAPES) {
        const s = result.shapes[shape];
        const missed = s.notBlocked > 0 ? `, ${s.notBlocked} never blocked` : '';
        console.log(
          `| ${result.blocker} | ${shape} | ${ms(s.total?.median)} | ${ms(s.total?.p95)} | ${ms(s.total?.min)} | ` +
            `${ms(s.total?.max)} | ${ms(s.hop?.median)} | ${ms(s.paint?.median)} | ${ms(s.takenOver?.median)} | ` +
            `${ms(s.takenOver?.p95)} | ${s.reachedSite} of ${s.navigations}${missed} |`,
        );
      }
    }

    const [stillpoint, leech] = results;
    if (!stillpoint) throw new Error('Stillpoint was not measured.');
    const stillpointBlocker = blockers[0] as Blocker;
    const leechBlocker = blockers[1];
    const verdicts: boolean[] = [];
    console.log(
      '\n| URL shape | pairs won by Stillpoint | LeechBlock ÷ Stillpoint, median | at p95 | Stillpoint median ≤ 120 ms | verdict |',
    );
    console.log('| --- | --- | --- | --- | --- | --- |');
    const comparison: Record<string, unknown> = {};
    for (const shape of SHAPES) {
      const ours = stillpoint.shapes[shape];
      const fastEnough = (ours.total?.median ?? Number.POSITIVE_INFINITY) <= GOAL.medianMs;
      const noRequests = ours.reachedSite === 0;
      if (!leech || !leechBlocker) {
        verdicts.push(fastEnough && noRequests);
        console.log(`| ${shape} | – | – | – | ${fastEnough ? 'yes' : 'no'} | LeechBlock NG not measured |`);
        continue;
      }
      const theirs = leech.shapes[shape];
      const pairs = stillpointBlocker.samples[shape].map((sample, i) => [
        sample,
        leechBlocker.samples[shape][i],
      ]);
      const both = pairs.filter(([a, b]) => a && b) as [Landing, Landing][];
      const won = both.filter(([a, b]) => a.total < b.total).length;
      const ratioMedian = theirs.total && ours.total ? theirs.total.median / ours.total.median : Number.NaN;
      const ratioP95 = theirs.total && ours.total ? theirs.total.p95 / ours.total.p95 : Number.NaN;
      const met = fastEnough && noRequests && ratioMedian >= GOAL.ratio && ratioP95 >= GOAL.ratio;
      verdicts.push(met);
      comparison[shape] = { pairs: both.length, wonByStillpoint: won, ratioMedian, ratioP95, met };
      console.log(
        `| ${shape} | ${won} of ${both.length} | ${ratioMedian.toFixed(2)} | ${ratioP95.toFixed(2)} | ` +
          `${fastEnough ? 'yes' : 'no'} | ${met ? 'met' : 'not met'} |`,
      );
    }
    const lostLines = Object.entries(lost).map(([key, count]) => `  ${key}: ${count}`);
    console.log(
      lostLines.length > 0
        ? `\nblocking pages without the exact address:\n${lostLines.join('\n')}`
        : "\nevery blocking page carried the exact address (Stillpoint's first screen and the web app's page both)",
    );
    for (const result of results) {
      console.log(
        `requests that reached ${TEST_SITE.origin} from ${result.blocker}'s browser, warm-up included: ` +
          `${result.interceptedSiteRequests}`,
      );
    }
    const goalMet = verdicts.every(Boolean) && leech !== undefined;
    console.log(
      `\ngoal (Stillpoint's first screen: median ≤ ${GOAL.medianMs} ms, ≥ ${GOAL.ratio}× faster than LeechBlock NG at the median ` +
        `and p95, 0 requests reaching the site, every URL shape): ${goalMet ? 'MET' : 'NOT MET'}` +
        (leech ? '' : ' (LeechBlock NG was skipped)'),
    );

    mkdirSync(RESULTS_DIR, { recursive: true });
    writeFileSync(
      `${RESULTS_DIR}intercept-vs-leechblock.json`,
      `${JSON.stringify(
        {
          chromium: browserVersion,
          runs: RUNS,
          warmup: WARMUP,
          leechBlock: leechBlock.copy?.version ?? null,
          loadAverage: { min: Math.min(...loads), max: Math.max(...loads), samples: loads },
          results,
          comparison,
          goalMet,
        },
        null,
        2,
      )}\n`,
    );
    if (stillpoint.interceptedSiteRequests > 0) {
      console.log('Stillpoint let a request reach the intercepted site.');
      process.exitCode = 1;
    }
  } finally {
    clearInterval(loadTimer);
    for (const cleanup of cleanups) await cleanup().catch(() => undefined);
  }
}

await main();
