/**
 * Main-thread blocking of two builds of the web app, side by side: each page loaded in turn from
 * a server on the `before` build and one on the `after` build, in Chromium with the CPU slowed 4×
 * as Lighthouse's mobile profile slows it. Per load, the time long tasks spend over 50 ms (the sum
 * Lighthouse's Total Blocking Time makes, here from the page's `longtask` entries over its first
 * 4 s), the main thread's whole task time and the largest contentful paint. Prints medians per
 * build. With BLOCKING_LATENCY_MS, every request also takes that long a round trip (Chromium's
 * network emulation, on a fast line: 20 Mbit/s), which shows the round trips a page waits for one
 * after another, as on a good phone network; Lighthouse's simulation, bound by its slow line's
 * bandwidth, hardly does.
 *
 *   npm run build && cp -r apps/web/dist /tmp/web-after
 *   git stash && npm run build -w apps/web && cp -r apps/web/dist /tmp/web-before && git stash pop
 *   BLOCKING_BEFORE=/tmp/web-before BLOCKING_AFTER=/tmp/web-after npm run bench:blocking -- /signin
 *   BLOCKING_BEFORE=… BLOCKING_AFTER=… npm run bench:blocking -- signed-in:/   # home, signed in
 *
 * A `signed-in:` page is loaded as the test person, signed in on this browser earlier (as
 * bench:lighthouse does).
 */
import { loadavg } from 'node:os';
import { chromium } from '@playwright/test';
import { startServer } from '../e2e/fixtures/server';
import { quantile, round } from './intercept/statistics';
import {
  isSignedIn,
  SIGNED_IN,
  type SignedIn,
  signInThroughApi,
  storedSignIn,
} from './support/signed-in-browser';

const RUNS = Number(process.env.BLOCKING_RUNS ?? 10);
const BUILDS = { before: process.env.BLOCKING_BEFORE, after: process.env.BLOCKING_AFTER };
const PATHS = process.argv.slice(2).filter((arg) => arg.startsWith('/') || isSignedIn(arg));
const LONG_TASK_MS = 50;

if (!BUILDS.before || !BUILDS.after)
  throw new Error('Set BLOCKING_BEFORE and BLOCKING_AFTER to two web builds.');
if (PATHS.length === 0) throw new Error('Name the pages to load, e.g. /signin.');

type Build = keyof typeof BUILDS;
interface Load {
  blocking: number;
  taskTime: number;
  largestPaint: number;
}

const LATENCY_MS = Number(process.env.BLOCKING_LATENCY_MS ?? 0);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const servers = {
  before: await startServer({ WEB_DIST_DIR: BUILDS.before }),
  after: await startServer({ WEB_DIST_DIR: BUILDS.after }),
};
// Each server has its own data: the test person signs in on each.
const signedIn: Partial<Record<Build, SignedIn>> = {};
if (PATHS.some(isSignedIn))
  for (const build of ['before', 'after'] as Build[])
    signedIn[build] = await signInThroughApi(servers[build].baseURL);

async function load(build: Build, page_: string): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const path = page_.replace(SIGNED_IN, '');
  const person = isSignedIn(page_) ? signedIn[build] : undefined;
  try {
    const page = await context.newPage();
    if (person)
      await page.addInitScript((entries) => {
        for (const [key, value] of entries) localStorage.setItem(key, value);
      }, storedSignIn(person));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Performance.enable');
    if (LATENCY_MS > 0) {
      const bytesPerSecond = (20 * 1024 * 1024) / 8;
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: LATENCY_MS,
        downloadThroughput: bytesPerSecond,
        uploadThroughput: bytesPerSecond,
      });
    }
    await page.addInitScript(() => {
      const seen: number[] = [];
      const painted = { at: 0 };
      Object.assign(window, { __longTasks: seen, __largestPaint: painted });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) seen.push(entry.duration);
      }).observe({ type: 'longtask', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) painted.at = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(servers[build].baseURL + path);
    await page.waitForTimeout(4000);
    const { longTasks, largestPaint } = await page.evaluate(() => {
      const seen = window as unknown as { __longTasks: number[]; __largestPaint: { at: number } };
      return { longTasks: seen.__longTasks, largestPaint: seen.__largestPaint.at };
    });
    const { metrics } = await cdp.send('Performance.getMetrics');
    return {
      blocking: longTasks.reduce((sum, ms) => sum + Math.max(0, ms - LONG_TASK_MS), 0),
      taskTime: (metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? 0) * 1000,
      largestPaint,
    };
  } finally {
    await context.close();
  }
}

try {
  console.log(
    `load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(
        ' ',
      )}; ${RUNS} loads per build and page; round trips ${LATENCY_MS ? `of ${LATENCY_MS} ms` : 'not slowed'}`,
  );
  console.log(
    "| page | build | blocking median (ms) | task time median (ms) | largest paint median (ms) | every load's blocking (ms) | every load's largest paint (ms) |",
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const path of PATHS) {
    const loads: Record<Build, Load[]> = { before: [], after: [] };
    for (let run = 0; run < RUNS; run++) {
      // Alternate which build goes first, so a change in the machine's load hits both alike.
      for (const build of (run % 2 ? ['after', 'before'] : ['before', 'after']) as Build[]) {
        loads[build].push(await load(build, path));
      }
    }
    for (const build of ['before', 'after'] as Build[]) {
      const blocking = loads[build].map((l) => l.blocking);
      const taskTime = loads[build].map((l) => l.taskTime);
      const largestPaint = loads[build].map((l) => l.largestPaint);
      console.log(
        `| ${path} | ${build} | ${round(quantile(blocking, 0.5))} | ${round(quantile(taskTime, 0.5))} | ${round(quantile(largestPaint, 0.5))} | ${blocking.map(Math.round).join(', ')} | ${largestPaint.map(Math.round).join(', ')} |`,
      );
    }
  }
  console.log(
    `load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  );
} finally {
  await browser.close();
  await servers.before.stop();
  await servers.after.stop();
}
