/**
 * Two builds of the web app side by side under Lighthouse's defaults (as `bench:lighthouse` runs
 * it): one server each, the same server build, every round a run of each build on every page, in
 * turn, the first build first in odd rounds and second in even ones. A shared machine's load then
 * weighs on both alike, and each round is a pair to compare. Prints, per page, every round's pair,
 * the medians of each build, the median of the rounds' differences and how many rounds the second
 * build won. Method and results: bench/README.md.
 *
 *   npm run build -w apps/web && cp -r apps/web/dist /tmp/web-before   # then change, build again
 *   npm run bench:lighthouse:pair -- /tmp/web-before apps/web/dist signed-in:/ /signin
 *   LIGHTHOUSE_ROUNDS=7 npm run bench:lighthouse:pair -- <web dist A> <web dist B> <pages>
 *   git worktree add /tmp/earlier <commit>   # npm install and npm run build there, then:
 *   npm run bench:lighthouse:pair -- /tmp/earlier . /signin    # each checkout on its own server
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { type RunningServer, startServer } from '../e2e/fixtures/server';
import {
  cleanUp,
  cleanups,
  isPageArgument,
  lighthouseEnvironment,
  median,
  pagePathOf,
  RESULTS_DIR,
  type Run,
  round,
  runPage,
} from './support/lighthouse-run';
import { isSignedIn, type SignedIn, signInThroughApi } from './support/signed-in-browser';

const ROUNDS = Number(process.env.LIGHTHOUSE_ROUNDS ?? 5);
const [first, second, ...pageArgs] = process.argv.slice(2);
const PAGES = pageArgs.filter(isPageArgument);

interface Build {
  server: RunningServer;
  signedIn: SignedIn | undefined;
}

/** One round of one page: the first build's run, then the second's. */
type Pair = [Run, Run];

const shown = (value: number) => (Number.isFinite(value) ? String(Math.round(value)) : '–');
const score = (run: Run) => run.score ?? Number.NaN;

/** What the second build did against the first, by one measure, over the rounds. */
function compare(pairs: Pair[], of: (run: Run) => number, higherIsBetter: boolean) {
  const valid = pairs.filter(([a, b]) => Number.isFinite(of(a)) && Number.isFinite(of(b)));
  const better = (a: number, b: number) => (higherIsBetter ? b > a : b < a);
  return {
    first: median(valid.map(([a]) => of(a))),
    second: median(valid.map(([, b]) => of(b))),
    medianDifference: median(valid.map(([a, b]) => of(b) - of(a))),
    secondBetter: valid.filter(([a, b]) => better(of(a), of(b))).length,
    ties: valid.filter(([a, b]) => of(a) === of(b)).length,
    rounds: valid.length,
  };
}

/**
 * A web build alone runs on this checkout's server. A checkout (a `git worktree` of an earlier
 * commit, built) runs on its own server with its own web build: what an earlier web app expects
 * of its server, such as how a first screen is sent, may have changed since.
 */
function serverFor(build: string): { webDist: string; entry?: string } {
  const entry = path.resolve(build, 'apps/server/dist/main.js');
  if (existsSync(entry)) return { webDist: path.resolve(build, 'apps/web/dist'), entry };
  return { webDist: path.resolve(build) };
}

async function startBuild(build: string): Promise<Build> {
  const { webDist, entry } = serverFor(build);
  if (!existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(
      `${build} has no index.html: give two web builds (apps/web/dist or a copy of one) or two built checkouts`,
    );
  }
  const server = await startServer({ WEB_DIST_DIR: webDist }, { entry });
  cleanups.add(() => server.stop());
  const signedIn = PAGES.some(isSignedIn) ? await signInThroughApi(server.baseURL) : undefined;
  // Warms the server's file reads; every run still starts with an empty browser cache.
  for (const page of PAGES) await (await fetch(new URL(pagePathOf(page), server.baseURL))).text();
  return { server, signedIn };
}

async function main() {
  if (!first || !second || PAGES.length === 0) {
    throw new Error('usage: bench:lighthouse:pair -- <build A> <build B> <page> [<page>...]');
  }
  if (!Number.isInteger(ROUNDS) || ROUNDS < 1)
    throw new Error('LIGHTHOUSE_ROUNDS must be a positive integer');
  const loadBefore = loadavg();
  const builds = [await startBuild(first), await startBuild(second)] as const;
  const pairs = new Map<string, Pair[]>(PAGES.map((page) => [page, []]));
  for (let index = 0; index < ROUNDS; index++) {
    for (const page of PAGES) {
      const order = index % 2 === 0 ? ([0, 1] as const) : ([1, 0] as const);
      const runs: Run[] = [];
      for (const which of order) {
        const build = builds[which];
        const url = new URL(pagePathOf(page), build.server.baseURL).href;
        const label = `round ${index + 1}/${ROUNDS} ${page} ${which === 0 ? 'A' : 'B'}`;
        runs[which] = (await runPage(url, new URL(url).origin, page, build.signedIn, label)).run;
      }
      pairs.get(page)?.push([runs[0] as Run, runs[1] as Run]);
    }
  }

  console.log(`A: ${first}\nB: ${second}\n`);
  const summary = [];
  for (const [page, rounds] of pairs) {
    console.log(`${page}: score, LCP (ms), TBT (ms), benchmarkIndex, A → B per round`);
    for (const [a, b] of rounds) {
      console.log(
        `  ${a.score ?? '–'} → ${b.score ?? '–'}   ${shown(a.metrics.lcp)} → ${shown(b.metrics.lcp)}   ` +
          `${shown(a.metrics.tbt)} → ${shown(b.metrics.tbt)}   ${shown(a.benchmarkIndex ?? Number.NaN)}, ${shown(b.benchmarkIndex ?? Number.NaN)}`,
      );
    }
    const measures = {
      score: compare(rounds, score, true),
      lcp: compare(rounds, (run) => run.metrics.lcp, false),
      tbt: compare(rounds, (run) => run.metrics.tbt, false),
    };
    for (const [name, m] of Object.entries(measures)) {
      console.log(
        `  ${name}: median ${shown(m.first)} → ${shown(m.second)}, median of the rounds' differences ` +
          `${m.medianDifference > 0 ? '+' : ''}${shown(m.medianDifference)}; B better in ${m.secondBetter} of ${m.rounds} rounds` +
          `${m.ties ? `, ${m.ties} tied` : ''}`,
      );
    }
    summary.push({ page, measures, rounds: rounds.map(([a, b]) => ({ a, b })) });
  }
  const indexes = [...pairs.values()]
    .flat()
    .flatMap(([a, b]) => [a.benchmarkIndex ?? Number.NaN, b.benchmarkIndex ?? Number.NaN])
    .filter(Number.isFinite);
  console.log(
    `\nHost: load average ${loadBefore.map((v) => round(v, 1)).join(' ')} before, ${loadavg()
      .map((v) => round(v, 1))
      .join(' ')} after; benchmarkIndex ${Math.min(...indexes)} to ${Math.max(...indexes)}` +
      `; ${lighthouseEnvironment()?.userAgent ?? ''}`,
  );
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(
    `${RESULTS_DIR}lighthouse-pair.json`,
    `${JSON.stringify({ date: new Date().toISOString(), a: first, b: second, rounds: ROUNDS, lighthouseVersion: lighthouseEnvironment()?.lighthouseVersion, pages: summary }, null, 2)}\n`,
  );
  console.log('Results: bench/.results/lighthouse-pair.json');
}

await main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(cleanUp);
