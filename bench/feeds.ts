/**
 * Feeds hidden before the first paint: on each of the six feedblocking sites, in real Chromium with
 * the built extension and the local fixture copies of the sites, records the page's first paint
 * and proves that no frame it rendered shows the feed, two independent ways:
 *   (a) a script injected before any page script checks on every animation frame, from the first,
 *       whether any post of the feed is rendered visibly inside the viewport;
 *   (b) the frames the browser actually produced (a trace with screenshots) are searched for the
 *       feed's colour, which nothing else on the fixture pages uses.
 * Each site is also loaded with feed blocking off, as a control that both checks must catch.
 * Method and results: bench/README.md.
 *
 *   npm run build && npm run build:extension   # the server, the web app and the extension
 *   npm run bench:feeds                        # BENCH_RUNS=20 loads per site by default
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import {
  FEEDBLOCKING_SITES,
  type FeedblockingSettings,
  type FeedblockingSite,
  feedblockingSettingKey,
} from '@stillpoint/core';
import { launchChromiumWithExtension } from '../e2e/fixtures/chromium-with-extension';
import { FEED_COLOUR, FEED_PAGES, startFixtureSites } from '../e2e/fixtures/fixture-sites';
import { startServer } from '../e2e/fixtures/server';
import { linkExtension, signInTestPerson, tellExtension } from './support/extension-person';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
/** How long each page is watched after its load event: long enough for stored settings to apply. */
const SETTLE_MS = 600;
const RESULTS_DIR = fileURLToPath(new URL('./.results/', import.meta.url));
const FRAMES_DIR = `${RESULTS_DIR}feeds-frames/`;
/** A frame shows the feed when at least this many of its pixels have the feed's colour (JPEG noise is single pixels at edges). */
const FEED_PIXELS_MIN = 50;

/** What the in-page probe (a) saw during one load; times are ms after navigation start. */
interface ProbeResult {
  frames: number;
  /** The first animation frame's start (rAF time): the check ran from before anything was painted. */
  firstFrameAt: number | null;
  framesShowingFeed: number;
  firstShownAt: number | null;
  firstPaint: number | null;
  firstContentfulPaint: number | null;
  posts: number;
  notes: number;
}

/** What the browser's own frames (b) showed during one load; times are ms after navigation start. */
interface FrameResult {
  /** When each captured frame was drawn. */
  at: number[];
  /** First contentful paint on the trace's clock, to match against the frames. */
  firstContentfulPaint: number | null;
  /** How many pixels of each frame have the feed's colour (counted after all loads). */
  feedPixels: number[];
  framesShowingFeed: number;
  firstShownAt: number | null;
}

interface Load {
  site: FeedblockingSite;
  blocking: boolean;
  probe: ProbeResult;
  frames: FrameResult;
}

/**
 * Runs in every document before any of its scripts (kept as source text: the page must get exactly
 * this code, not a transpiled copy). rAF callbacks run just before a frame's style, layout and
 * paint, so what checkVisibility sees there is what that frame paints.
 */
const PROBE = `(() => {
  const state = { frames: 0, firstFrameAt: null, framesShowingFeed: 0, firstShownAt: null, firstPaint: null, firstContentfulPaint: null };
  window.__feedsProbe = state;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === 'first-paint') state.firstPaint = entry.startTime;
      if (entry.name === 'first-contentful-paint') state.firstContentfulPaint = entry.startTime;
    }
  }).observe({ type: 'paint', buffered: true });
  const shown = (post) => {
    if (!post.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
    const box = post.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && box.bottom > 0 && box.right > 0 &&
      box.top < window.innerHeight && box.left < window.innerWidth;
  };
  const tick = (now) => {
    state.frames++;
    if (state.firstFrameAt === null) state.firstFrameAt = now;
    if (Array.from(document.querySelectorAll('.fixture-post')).some(shown)) {
      state.framesShowingFeed++;
      if (state.firstShownAt === null) state.firstShownAt = now;
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;

interface TraceEvent {
  name: string;
  ts: number;
  args?: { snapshot?: string; data?: { documentLoaderURL?: string; isLoadingMainFrame?: boolean } };
}

/** Records a trace with a screenshot of every frame the compositor produced while `during` runs. */
async function traceFrames(cdp: CDPSession, during: () => Promise<void>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  // The protocol types trace events loosely; these are the fields read here.
  const collect = ({ value }: { value: object[] }) => {
    events.push(...(value as TraceEvent[]));
  };
  cdp.on('Tracing.dataCollected', collect);
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      recordMode: 'recordAsMuchAsPossible',
      includedCategories: ['disabled-by-default-devtools.screenshot', 'blink.user_timing', 'loading'],
    },
  });
  try {
    await during();
  } finally {
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    await complete;
    cdp.off('Tracing.dataCollected', collect);
  }
  return events;
}

/** Counts, in the browser (which decodes JPEG), the pixels of each screenshot that have the feed's colour. */
async function feedPixels(page: Page, snapshots: string[]): Promise<number[]> {
  return page.evaluate(
    async ([images, [r, g, b]]) => {
      const counts: number[] = [];
      for (const image of images) {
        const bitmap = await createImageBitmap(await (await fetch(`data:image/jpeg;base64,${image}`)).blob());
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
        context.drawImage(bitmap, 0, 0);
        const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height);
        let count = 0;
        for (let i = 0; i < data.length; i += 4) {
          const near =
            Math.abs((data[i] ?? 0) - r) +
            Math.abs((data[i + 1] ?? 0) - g) +
            Math.abs((data[i + 2] ?? 0) - b);
          if (near <= 60) count++;
        }
        counts.push(count);
      }
      return counts;
    },
    [snapshots, FEED_COLOUR.rgb] as const,
  );
}

const feedUrl = (site: FeedblockingSite) => `https://${FEED_PAGES[site].host}${FEED_PAGES[site].path}`;

/** Loads one feed page from a blank tab and gathers both checks. */
async function load(
  page: Page,
  cdp: CDPSession,
  site: FeedblockingSite,
  blocking: boolean,
): Promise<{ sample: Load; snapshots: string[] }> {
  const url = feedUrl(site);
  await page.goto('about:blank');
  const events = await traceFrames(cdp, async () => {
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(SETTLE_MS);
  });
  const probe = await page.evaluate(() => ({
    ...(window as unknown as { __feedsProbe: Omit<ProbeResult, 'posts' | 'notes'> }).__feedsProbe,
    posts: document.querySelectorAll('.fixture-post').length,
    notes: document.querySelectorAll('stillpoint-note').length,
  }));
  const navigation = events.find(
    (event) =>
      event.name === 'navigationStart' &&
      event.args?.data?.isLoadingMainFrame &&
      event.args.data.documentLoaderURL === url,
  );
  if (!navigation) throw new Error(`${site}: the trace holds no navigation start for ${url}`);
  // Frames before the feed page's navigation started belong to the blank tab.
  const shots = events
    .filter((event) => event.name === 'Screenshot' && event.args?.snapshot && event.ts >= navigation.ts)
    .sort((a, b) => a.ts - b.ts);
  const contentful = events.find(
    (event) => event.name === 'firstContentfulPaint' && event.ts >= navigation.ts,
  );
  const sample = {
    site,
    blocking,
    probe,
    frames: {
      at: shots.map((shot) => (shot.ts - navigation.ts) / 1000),
      firstContentfulPaint: contentful ? (contentful.ts - navigation.ts) / 1000 : null,
      feedPixels: [],
      framesShowingFeed: 0,
      firstShownAt: null,
    },
  };
  return { sample, snapshots: shots.map((shot) => shot.args?.snapshot ?? '') };
}

/** Decodes each load's frames once all loads are done, so decoding never competes with a timed load. */
async function countFeedFrames(page: Page, loads: { sample: Load; snapshots: string[] }[]) {
  await page.goto('about:blank');
  // Only this run's frames: an older run's would read as this one's.
  rmSync(FRAMES_DIR, { recursive: true, force: true });
  mkdirSync(FRAMES_DIR, { recursive: true });
  for (const [number, { sample, snapshots }] of loads.entries()) {
    const frames = sample.frames;
    frames.feedPixels = await feedPixels(page, snapshots);
    frames.feedPixels.forEach((count, index) => {
      // The control's frames, and any frame showing a feed that should be hidden, kept for a look.
      if (!sample.blocking || count >= FEED_PIXELS_MIN) {
        const name = `${sample.site}-${sample.blocking ? 'on' : 'off'}-load${number}-${Math.round(frames.at[index] ?? 0)}ms.jpg`;
        writeFileSync(`${FRAMES_DIR}${name}`, Buffer.from(snapshots[index] ?? '', 'base64'));
      }
      if (count < FEED_PIXELS_MIN) return;
      frames.framesShowingFeed++;
      frames.firstShownAt ??= frames.at[index] ?? null;
    });
  }
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
};
const round = (value: number | null) =>
  value === null || Number.isNaN(value) ? '–' : String(Math.round(value * 10) / 10);
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const numbers = (values: (number | null)[]) => values.filter((value): value is number => value !== null);

/** Signs the bench's person in, links the extension, and sets their six switches as the web app's settings do. */
async function connect(context: BrowserContext, page: Page, base: string) {
  const api = context.request;
  const headers = await signInTestPerson(api, base);
  await linkExtension(api, page, base, headers);
  const send = async (message: { type: string }) => {
    await page.goto(`${base}/signin`);
    await tellExtension(page, message);
  };

  /** Saves all six switches on the server, has the extension sync, and waits until its storage holds them. */
  return async function setFeedblocking(on: boolean) {
    const settings = Object.fromEntries(
      FEEDBLOCKING_SITES.map((site) => [feedblockingSettingKey(site), on]),
    ) as FeedblockingSettings;
    const saved = await api.post(`${base}/api/updateBrowserSiteSettings`, { headers, data: settings });
    if (!saved.ok()) throw new Error(`updateBrowserSiteSettings: ${saved.status()} ${await saved.text()}`);
    await send({ type: 'CLEAR_BROWSER_SITES_CACHE' });
    for (let attempt = 0; attempt < 50; attempt++) {
      const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
      const stored = await worker
        .evaluate(async () => {
          const chrome = (
            globalThis as unknown as {
              chrome: { storage: { local: { get(key: string): Promise<Record<string, unknown>> } } };
            }
          ).chrome;
          return (await chrome.storage.local.get('feedblockingSettings')).feedblockingSettings;
        })
        .catch(() => undefined);
      const current = (stored ?? {}) as Record<string, unknown>;
      if (Object.entries(settings).every(([key, value]) => current[key] === value)) return;
      await page.waitForTimeout(100);
    }
    throw new Error(`The extension did not store feed blocking ${on ? 'on' : 'off'}.`);
  };
}

/** ms from first contentful paint to the first frame captured at or after it (null: none captured). */
function firstPaintFrameLag(sample: Load): number | null {
  const paint = sample.frames.firstContentfulPaint;
  if (paint === null) return null;
  // Trace timestamps of a frame and of the paint entry can differ by a little; 2 ms of slack.
  const frame = sample.frames.at.find((at) => at >= paint - 2);
  return frame === undefined ? null : frame - paint;
}

function report(loads: Load[]) {
  const rows = FEEDBLOCKING_SITES.map((site) => {
    const on = loads.filter((sample) => sample.site === site && sample.blocking);
    const off = loads.filter((sample) => sample.site === site && !sample.blocking);
    const paints = numbers(on.map((sample) => sample.probe.firstPaint));
    const contentful = numbers(on.map((sample) => sample.probe.firstContentfulPaint));
    const lags = numbers(on.map(firstPaintFrameLag));
    return {
      site,
      loads: on.length,
      firstPaint: { median: quantile(paints, 0.5), p95: quantile(paints, 0.95) },
      firstContentfulPaint: { median: quantile(contentful, 0.5), p95: quantile(contentful, 0.95) },
      probeFrames: sum(on.map((sample) => sample.probe.frames)),
      probeFramesShowingFeed: sum(on.map((sample) => sample.probe.framesShowingFeed)),
      /** Loads whose first checked animation frame began before the first paint. */
      probeFromFirstPaint: on.filter(
        (sample) =>
          sample.probe.firstFrameAt !== null &&
          sample.probe.firstContentfulPaint !== null &&
          sample.probe.firstFrameAt <= sample.probe.firstContentfulPaint,
      ).length,
      screenshots: sum(on.map((sample) => sample.frames.at.length)),
      screenshotsShowingFeed: sum(on.map((sample) => sample.frames.framesShowingFeed)),
      /** Loads with a captured frame at the first paint (within one 60 Hz frame or two of it). */
      screenshotOfFirstPaint: lags.filter((lag) => lag <= 34).length,
      firstPaintFrameLag: { median: quantile(lags, 0.5), max: Math.max(...lags) },
      loadsWithoutFeedInPage: on.filter((sample) => sample.probe.posts === 0).length,
      loadsWithoutNote: on.filter((sample) => sample.probe.notes === 0).length,
      control: {
        loads: off.length,
        probeFrames: sum(off.map((sample) => sample.probe.frames)),
        probeFramesShowingFeed: sum(off.map((sample) => sample.probe.framesShowingFeed)),
        screenshots: sum(off.map((sample) => sample.frames.at.length)),
        screenshotsShowingFeed: sum(off.map((sample) => sample.frames.framesShowingFeed)),
      },
    };
  });
  const table = [
    '| site | loads | first paint median / p95 (ms) | first contentful paint median / p95 (ms) | (a) frames checked in the page | (a) showing the feed | (a) checks from before the first paint | (b) frames captured | (b) showing the feed | (b) first paint captured | control, blocking off: (a) / (b) frames showing the feed |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (row) =>
        `| ${row.site} | ${row.loads} | ${round(row.firstPaint.median)} / ${round(row.firstPaint.p95)} | ` +
        `${round(row.firstContentfulPaint.median)} / ${round(row.firstContentfulPaint.p95)} | ` +
        `${row.probeFrames} | ${row.probeFramesShowingFeed} | ${row.probeFromFirstPaint} of ${row.loads} | ` +
        `${row.screenshots} | ${row.screenshotsShowingFeed} | ${row.screenshotOfFirstPaint} of ${row.loads} | ` +
        `${row.control.probeFramesShowingFeed} of ${row.control.probeFrames} / ` +
        `${row.control.screenshotsShowingFeed} of ${row.control.screenshots} |`,
    ),
  ].join('\n');
  return { rows, table };
}

async function main() {
  const server = await startServer();
  const sites = await startFixtureSites();
  const context = await launchChromiumWithExtension(sites.hostResolverRules);
  try {
    if (context.serviceWorkers().length === 0) await context.waitForEvent('serviceworker');
    const page = context.pages()[0] ?? (await context.newPage());
    const setFeedblocking = await connect(context, page, server.baseURL);
    await context.addInitScript({ content: PROBE });
    const cdp = await context.newCDPSession(page);
    const uptime = () =>
      loadavg()
        .map((value) => value.toFixed(2))
        .join(' ');
    const loadBefore = uptime();

    const traced: { sample: Load; snapshots: string[] }[] = [];
    await setFeedblocking(true);
    // Interleaved: every run loads each site once, so drift in the machine's load hits all six alike.
    for (let run = 0; run < RUNS; run++) {
      for (const site of FEEDBLOCKING_SITES) {
        const sample = await load(page, cdp, site, true);
        traced.push(sample);
      }
      process.stderr.write(`  run ${run + 1}/${RUNS}\n`);
    }
    // The control: the same loads with the person's switches off must show the feed to both checks.
    await setFeedblocking(false);
    for (const site of FEEDBLOCKING_SITES) traced.push(await load(page, cdp, site, false));
    const loadAfter = uptime();
    await countFeedFrames(page, traced);
    const loads = traced.map(({ sample }) => sample);

    const { rows, table } = report(loads);
    console.log(table);
    console.log(
      `load average (1/5/15 min): ${loadBefore} before, ${loadAfter} after; ${RUNS} loads per site with blocking on`,
    );
    mkdirSync(RESULTS_DIR, { recursive: true });
    writeFileSync(
      `${RESULTS_DIR}feeds.json`,
      `${JSON.stringify({ runs: RUNS, loadBefore, loadAfter, sites: rows, loads }, null, 2)}\n`,
    );

    const failures: string[] = [];
    for (const row of rows) {
      if (row.probeFramesShowingFeed > 0 || row.screenshotsShowingFeed > 0)
        failures.push(`${row.site}: a frame showed the feed with blocking on`);
      if (row.loadsWithoutFeedInPage > 0 || row.loadsWithoutNote > 0)
        failures.push(`${row.site}: a load had no feed in the page or no note in its place`);
      if (row.control.probeFramesShowingFeed === 0 || row.control.screenshotsShowingFeed === 0)
        failures.push(`${row.site}: the control did not show the feed, so the checks prove nothing`);
    }
    for (const failure of failures) console.error(failure);
    if (failures.length > 0) process.exitCode = 1;
  } finally {
    await context.close();
    await sites.close();
    await server.stop();
  }
}

await main();
