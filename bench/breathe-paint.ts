/**
 * Where the breathe page's first paint goes: the built server's /breathe (with its drawn first
 * screen, for a signed-in person) reached from a page of the same site and from a page of another
 * site, in turn. From another site Chromium must put the page in a new renderer process; from the
 * same site it keeps the one it has. For each, from the page's own navigation start (medians):
 * the document's last byte, the first subresource request, the stylesheets' last byte, and the
 * first paint.
 *
 *   npm run build && npm run bench:breathe-paint      # BREATHE_PAINT_RUNS=20 per kind
 */
import { loadavg } from 'node:os';
import { chromium, type Page } from '@playwright/test';
import { startServer } from '../e2e/fixtures/server';
import { quantile, round } from './intercept/statistics';
import { keepWebSession, signInTestPerson } from './support/extension-person';

const RUNS = Number(process.env.BREATHE_PAINT_RUNS ?? 20);
const WARM_UP = 2;

interface Sample {
  documentEnd: number;
  firstSubresource: number;
  stylesheetsEnd: number;
  firstPaint: number;
}

/** Navigates from `from` to `to` as a link does and reads the landed page's timings. */
async function measure(page: Page, from: string, to: string): Promise<Sample> {
  await page.goto(from);
  await page.evaluate((url) => {
    window.location.href = url;
  }, to);
  await page.waitForURL((url) => url.pathname === '/breathe');
  return page.evaluate(
    () =>
      new Promise<Sample>((resolve) => {
        new PerformanceObserver((list, observer) => {
          const paint = list.getEntries().find((entry) => entry.name === 'first-paint');
          if (!paint) return;
          observer.disconnect();
          const [document] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
          const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
          const stylesheets = resources.filter((entry) => new URL(entry.name).pathname.endsWith('.css'));
          resolve({
            documentEnd: document?.responseEnd ?? Number.NaN,
            firstSubresource: Math.min(...resources.map((entry) => entry.startTime)),
            stylesheetsEnd: Math.max(...stylesheets.map((entry) => entry.responseEnd)),
            firstPaint: paint.startTime,
          });
        }).observe({ type: 'paint', buffered: true });
      }),
  );
}

async function main(): Promise<void> {
  const server = await startServer({ LOG_LEVEL: 'error' });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const loadAtStart = loadavg()[0] ?? 0;
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const headers = await signInTestPerson(context.request, server.baseURL);
    await page.goto(`${server.baseURL}/favicon.svg`);
    await keepWebSession(page, headers);

    // 127.0.0.1 and localhost are two sites to the browser: the same server, another process.
    const sameSite = `${server.baseURL}/favicon.svg`;
    const otherSite = sameSite.replace('127.0.0.1', 'localhost');
    const kinds = { 'from the same site': sameSite, 'from another site': otherSite } as const;
    const samples = new Map<string, Sample[]>(Object.keys(kinds).map((kind) => [kind, []]));
    for (let run = 0; run < RUNS + WARM_UP; run++) {
      for (const [kind, from] of Object.entries(kinds)) {
        const to = `${server.baseURL}/breathe?returnUrl=${encodeURIComponent(`https://distracting.test/a/${run}`)}`;
        const sample = await measure(page, from, to);
        if (run >= WARM_UP) samples.get(kind)?.push(sample);
      }
    }

    const median = (values: number[]) => round(quantile(values, 0.5));
    console.log(`${RUNS} runs of each kind, alternating; medians in ms from the page's navigation start`);
    console.log(
      '| navigation | document received | first subresource asked | stylesheets received | first paint |',
    );
    console.log('| --- | --- | --- | --- | --- |');
    for (const [kind, list] of samples) {
      const column = (key: keyof Sample) => median(list.map((sample) => sample[key]));
      console.log(
        `| ${kind} | ${column('documentEnd')} | ${column('firstSubresource')} | ${column('stylesheetsEnd')} | ${column('firstPaint')} |`,
      );
    }
    console.log(
      `Load average (1 min) at the start ${loadAtStart.toFixed(1)}, at the end ${loadavg()[0]?.toFixed(1)}.`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
