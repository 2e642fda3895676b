import {
  BREATHING_COUNTDOWN_SECONDS,
  breatheAddress,
  breatheDestinationLine,
  breathingPhase,
  hostOf,
  interceptReturnUrl,
  readBreatheQuery,
} from '@stillpoint/core';

/** The extension page that shows breathe's first screen; web-accessible (wxt.config.ts). */
export const FIRST_SCREEN_PATH = '/breathe.html';

/**
 * The web app's breathe page taking over from the first screen: the same site and exact
 * returnUrl (fragment included), and when the breathing began, so the countdown carries on.
 */
export function handOffAddress(
  webAppOrigin: string,
  location: { search: string; hash: string },
  breathingSince: number,
): string {
  const { siteId, returnUrl } = readBreatheQuery(location);
  if (siteId && returnUrl !== null) {
    return breatheAddress(`${webAppOrigin}/breathe`, { siteId, returnUrl, breathingSince });
  }
  // Nothing to carry on for: the web app's page says so (no site, or no address to go back to).
  return `${webAppOrigin}/breathe${location.search}${location.hash}`;
}

/** The page's time and timers, which the tests replace. */
interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
}

const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
};

export interface FirstScreenElements {
  destination: HTMLElement;
  circle: HTMLElement;
  phase: HTMLElement;
  secondsLeft: HTMLElement;
}

/**
 * Draws the first screen for the address it was opened at and keeps its countdown going (core's
 * breathingPhase, as the web app's page) until the page leaves. Returns a stop function.
 */
export function runFirstScreen(
  elements: FirstScreenElements,
  location: { search: string; hash: string },
  startedAt: number,
  clock: Clock = realClock,
): () => void {
  const { returnUrl } = readBreatheQuery(location);
  elements.destination.textContent = breatheDestinationLine(hostOf(interceptReturnUrl(returnUrl)));
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    const elapsed = clock.now() - startedAt;
    const left = Math.max(0, BREATHING_COUNTDOWN_SECONDS - Math.floor(elapsed / 1000));
    const phase = breathingPhase(left);
    elements.phase.textContent = phase === 'quote' ? '' : phase;
    elements.secondsLeft.textContent = left > 0 ? String(left) : '';
    elements.circle.dataset.breath = phase === 'breathe in' ? 'in' : phase === 'breathe out' ? 'out' : 'rest';
    if (left > 0) clock.setTimeout(tick, 1000 - (elapsed % 1000));
  };
  tick();
  return () => {
    stopped = true;
  };
}

/**
 * Runs `begin` once the page is on screen: a link opened in a background tab is intercepted too,
 * and its pause should begin when the person looks at it, not while it waits unseen.
 */
export function whenVisible(document: Document, begin: () => void): void {
  if (document.visibilityState === 'visible') {
    begin();
    return;
  }
  const shown = () => {
    if (document.visibilityState !== 'visible') return;
    document.removeEventListener('visibilitychange', shown);
    begin();
  };
  document.addEventListener('visibilitychange', shown);
}

/** What the hand-over needs to know of the connection; `reachable` is asked only when offline. */
export interface Connection {
  window: Pick<Window, 'addEventListener' | 'removeEventListener'> & { navigator: Pick<Navigator, 'onLine'> };
  /** Whether the web app answers at all (any answer), whatever the browser says. */
  reachable(): Promise<boolean>;
}

/** How often the first screen asks again whether the web app can be reached, while offline. */
export const OFFLINE_RETRY_MS = 5000;

/**
 * Runs `handOver` once, at once when the browser is online. Offline, the web app's page cannot load
 * and Chrome would show its own error page in place of the pause, so the first screen stays, shows
 * `notice` (hidden until then), and hands over when the `online` event comes. Because a browser
 * can believe itself offline when it is not, the web app is also asked directly, first thing and
 * then every OFFLINE_RETRY_MS: if it answers, the hand-over goes ahead, so no one is held here by a
 * wrong belief. The notice shows only once that first ask has failed.
 */
export function whenOnline(
  connection: Connection,
  notice: HTMLElement,
  handOver: () => void,
  clock: Pick<Clock, 'setTimeout'> = realClock,
): void {
  const { window } = connection;
  let done = false;
  const go = () => {
    if (done) return;
    done = true;
    window.removeEventListener('online', go);
    notice.hidden = true;
    handOver();
  };
  if (window.navigator.onLine) {
    go();
    return;
  }
  window.addEventListener('online', go);
  const ask = async () => {
    if (done) return;
    if (await connection.reachable()) return go();
    // The `online` event may have handed over while the web app was being asked.
    if (done) return;
    notice.hidden = false;
    clock.setTimeout(() => void ask(), OFFLINE_RETRY_MS);
  };
  void ask();
}
