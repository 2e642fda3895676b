import type { Frame, Page } from '@playwright/test';

export const START_HOST = 'www.unrelated.test';

export interface Landing {
  /** Navigation start → first paint of the page the navigation ended on (ms). */
  total: number;
  /** Navigation start → that page's own navigation start: the redirect, or the blocker's detour. */
  hop: number;
  /** That page's navigation start → its first paint. */
  paint: number;
  /** Its address as the page itself sees it (location.href), fragment included. */
  href: string;
}

/**
 * Starts a navigation to `target` from a page on another site (as following a link does) and
 * measures until the page that `lands` recognises has painted; null if no such page committed
 * within `timeout`. Both ends are read on the browser's clock: `timeOrigin + now()` on the page
 * the navigation leaves, `timeOrigin + first-paint` on the page it lands on.
 */
export async function measureNavigation(
  page: Page,
  target: string,
  lands: (url: URL) => boolean,
  timeout: number,
): Promise<Landing | null> {
  await page.goto(`https://${START_HOST}/`);
  // Waits for the commit of the page itself: waitForURL would fail on the aborted navigation a
  // blocker that redirects after navigation starts (tabs.update) leaves behind.
  let stopWaiting = () => {};
  const committed = new Promise<boolean>((resolve) => {
    const onCommit = (frame: Frame) => {
      if (frame !== page.mainFrame() || !lands(new URL(frame.url()))) return;
      stopWaiting();
      resolve(true);
    };
    const timer = setTimeout(() => {
      stopWaiting();
      resolve(false);
    }, timeout);
    stopWaiting = () => {
      clearTimeout(timer);
      page.off('framenavigated', onCommit);
    };
    page.on('framenavigated', onCommit);
  });
  const start = await page.evaluate((url) => {
    const at = performance.timeOrigin + performance.now();
    window.location.href = url;
    return at;
  }, target);
  if (!(await committed)) return null;
  const paint = await page.waitForFunction(
    () =>
      new Promise<{ timeOrigin: number; firstPaint: number; href: string }>((resolve) => {
        new PerformanceObserver((list, observer) => {
          const entry = list.getEntries().find((candidate) => candidate.name === 'first-paint');
          if (!entry) return;
          observer.disconnect();
          resolve({ timeOrigin: performance.timeOrigin, firstPaint: entry.startTime, href: location.href });
        }).observe({ type: 'paint', buffered: true });
      }),
    undefined,
    { timeout },
  );
  const { timeOrigin, firstPaint, href } = await paint.jsonValue().catch(async (error: unknown) => {
    await page.waitForTimeout(500);
    throw new Error(`The page left for ${page.url()} as its first paint was read: ${String(error)}`);
  });
  return { total: timeOrigin + firstPaint - start, hop: timeOrigin - start, paint: firstPaint, href };
}
