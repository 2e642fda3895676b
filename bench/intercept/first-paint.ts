import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Frame, Page } from '@playwright/test';

export const START_HOST = 'www.unrelated.test';

/** What a document of the tab says of itself once it has painted, or as it leaves. */
export interface PaintReport {
  /** Its address as it started (location.href), fragment included. */
  href: string;
  /** Its navigation start, on the browser's clock (ms since 1970). */
  timeOrigin: number;
  /** Its first-paint entry (ms after timeOrigin); null from a document that left without one. */
  firstPaint: number | null;
}

type Painted = PaintReport & { firstPaint: number };

export interface Landing {
  /** Navigation start → first paint of the page recognised (ms). */
  total: number;
  /** Navigation start → that page's own navigation start: the redirect, or the blocker's detour. */
  hop: number;
  /** That page's navigation start → its first paint. */
  paint: number;
  /** Its address as the page itself saw it (location.href), fragment included. */
  href: string;
}

/** Recognises a page the navigation is expected to show. */
export type Screen = (url: URL) => boolean;

const BINDING = '__reportPaint';

/**
 * Runs in every main-frame document of the tab before its own scripts (extension pages included)
 * and reports the document's first paint from inside it: a buffered PerformanceObserver for
 * 'paint' calls the DevTools binding as soon as the first-paint entry exists. A page that replaces
 * itself right after painting (Stillpoint's first screen hands over to the web app at once) may
 * get the entry only after the next document has committed, when the tab's DevTools session no
 * longer hears the old document. So each document also sends what it has with
 * navigator.sendBeacon as it leaves (pagehide), which outlives the document; `firstPaint: null`
 * if it had not painted. Nothing is read from a page afterwards, so no navigation can race it.
 */
const reportFirstPaint = (beaconUrl: string) => `(() => {
  if (window !== window.top) return;
  const href = location.href;
  let report = null;
  const found = (entry) => {
    if (report !== null || !entry) return;
    report = JSON.stringify({ href, timeOrigin: performance.timeOrigin, firstPaint: entry.startTime });
    const binding = window[${JSON.stringify(BINDING)}];
    if (typeof binding === 'function') binding(report);
  };
  try {
    new PerformanceObserver((list, observer) => {
      const entry = list.getEntries().find((candidate) => candidate.name === 'first-paint');
      if (!entry) return;
      observer.disconnect();
      found(entry);
    }).observe({ type: 'paint', buffered: true });
  } catch {}
  addEventListener('pagehide', () => {
    found(performance.getEntriesByName('first-paint')[0]);
    const leaving = report ?? JSON.stringify({ href, timeOrigin: performance.timeOrigin, firstPaint: null });
    try {
      navigator.sendBeacon(${JSON.stringify(beaconUrl)}, leaving);
    } catch {}
  }, true);
})();`;

/** The paint reports of one tab, in the order they arrived (a report may come twice). */
class PaintLog {
  readonly reports: PaintReport[] = [];
  private readonly listeners = new Set<() => void>();

  add(report: PaintReport): void {
    this.reports.push(report);
    for (const listener of this.listeners) listener();
  }

  /**
   * The first report from index `from` on that `matches`, or null once `timeout` ms have passed.
   */
  next<Match extends PaintReport>(
    from: number,
    matches: (report: PaintReport) => report is Match,
    timeout: number,
  ): Promise<Match | null> {
    const found = () => this.reports.slice(from).find(matches) ?? null;
    const now = found();
    if (now) return Promise.resolve(now);
    return new Promise((resolve) => {
      const done = (report: Match | null) => {
        clearTimeout(timer);
        this.listeners.delete(check);
        resolve(report);
      };
      const check = () => {
        const report = found();
        if (report) done(report);
      };
      const timer = setTimeout(() => done(null), timeout);
      this.listeners.add(check);
    });
  }
}

const parseReport = (text: string): PaintReport | null => {
  try {
    const value = JSON.parse(text) as PaintReport;
    return typeof value.href === 'string' && typeof value.timeOrigin === 'number' ? value : null;
  } catch {
    return null;
  }
};

/** Receives the beacons documents send as they leave, on 127.0.0.1, one path per tab. */
let beacons: Promise<{ url: string; tabs: Map<string, PaintLog> }> | undefined;

function beaconServer() {
  beacons ??= new Promise((resolve, reject) => {
    const tabs = new Map<string, PaintLog>();
    const server = createServer((request, response) => {
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => {
        body += chunk;
      });
      request.on('end', () => {
        response.writeHead(204, { 'access-control-allow-origin': '*' }).end();
        const report = parseReport(body);
        if (report) tabs.get(request.url ?? '')?.add(report);
      });
    });
    // Never what keeps the benchmark's process alive.
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, tabs }),
    );
  });
  return beacons;
}

const logs = new WeakMap<Page, Promise<PaintLog>>();

/**
 * The tab's paint log, recording from the next document on (set up once per page). The binding
 * is the DevTools protocol's own, on a session of the bench's: Playwright's exposeBinding drops a
 * call whose document it has already seen go, which is just when a page that hands over right
 * after painting reports its paint.
 */
export function paintLog(page: Page): Promise<PaintLog> {
  let log = logs.get(page);
  if (!log) {
    log = (async () => {
      const created = new PaintLog();
      const { url, tabs } = await beaconServer();
      const path = `/paint/${randomUUID()}`;
      tabs.set(path, created);
      const session = await page.context().newCDPSession(page);
      session.on('Runtime.bindingCalled', (event) => {
        const report = event.name === BINDING ? parseReport(event.payload) : null;
        if (report) created.add(report);
      });
      // Runtime.bindingCalled is only sent to a session with the Runtime domain on.
      await session.send('Runtime.enable');
      await session.send('Runtime.addBinding', { name: BINDING });
      await page.addInitScript(reportFirstPaint(`${url}${path}`));
      return created;
    })();
    logs.set(page, log);
  }
  return log;
}

/**
 * A page's clock and another's may disagree by a fraction of a millisecond; a document that
 * started this much before the navigation still counts as one it led to.
 */
const CLOCK_SLACK_MS = 1;

/**
 * Starts a navigation to `target` from a page on another site (as following a link does) and
 * measures, for each of `screens` in turn, the first document the tab showed after it that the
 * screen recognises and that started after the one before: navigation start → its first paint.
 * Returns the screens that painted within `timeout` (each counted from the one before), in order,
 * stopping at the first that did not. Both ends are read on the browser's clock:
 * `timeOrigin + now()` on the page the navigation leaves, `timeOrigin + first-paint` reported by
 * each document from inside it (paintLog).
 */
export async function measureNavigation(
  page: Page,
  target: string,
  screens: Screen[],
  timeout: number,
): Promise<Landing[]> {
  const log = await paintLog(page);
  await page.goto(`https://${START_HOST}/`);
  const mark = log.reports.length;
  // Addresses the tab committed to, to tell a page that never painted from one never shown.
  const committed: string[] = [];
  const onCommit = (frame: Frame) => {
    if (frame === page.mainFrame()) committed.push(frame.url());
  };
  page.on('framenavigated', onCommit);
  try {
    const start = await page.evaluate((url) => {
      const at = performance.timeOrigin + performance.now();
      window.location.href = url;
      return at;
    }, target);
    const landings: Landing[] = [];
    let after = start - CLOCK_SLACK_MS;
    for (const [index, screen] of screens.entries()) {
      // The first document of this screen that painted: one replaced before it painted (a blocker
      // may send the tab to its page twice) was never seen. A report can come twice (binding, beacon).
      const report = await log.next(
        mark,
        (candidate): candidate is Painted =>
          candidate.firstPaint !== null && candidate.timeOrigin > after && screen(new URL(candidate.href)),
        timeout,
      );
      if (!report) {
        const shown = committed.filter((href) => screen(new URL(href)));
        if (shown.length > 0) {
          throw new Error(
            `Screen ${index + 1} after ${target} committed (${shown.join(', ')}) but reported no first paint ` +
              `within ${timeout} ms; reports since the navigation: ${JSON.stringify(log.reports.slice(mark))}.`,
          );
        }
        break;
      }
      const { firstPaint } = report;
      landings.push({
        total: report.timeOrigin + firstPaint - start,
        hop: report.timeOrigin - start,
        paint: firstPaint,
        href: report.href,
      });
      after = report.timeOrigin;
    }
    return landings;
  } finally {
    page.off('framenavigated', onCommit);
  }
}
