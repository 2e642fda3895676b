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

/** What the hand-over needs to know of the connection. */
export interface Connection {
  window: Pick<Window, 'addEventListener' | 'removeEventListener'> & { navigator: Pick<Navigator, 'onLine'> };
  /**
   * Whether the web app answers, without a server error, whatever the browser says. `giveUp` is
   * aborted once the answer is no longer awaited (ASK_TIMEOUT_MS), so the request can be dropped.
   */
  reachable(giveUp: AbortSignal): Promise<boolean>;
}

/** Why the web app's page cannot take over, each said by its own element (hidden until needed). */
export interface Notices {
  /** The browser says it is offline. */
  offline: HTMLElement;
  /** The browser is online but the web app does not answer, or answers with a server error. */
  unreachable: HTMLElement;
}

/** How often the first screen asks again whether the web app can be reached, while it cannot. */
export const RETRY_MS = 5000;

/**
 * How long an ask may go unanswered before it counts as no answer: a server that drops requests
 * without refusing them would otherwise hold the first screen, silent, until the browser's own
 * connection timeout, minutes later.
 */
export const ASK_TIMEOUT_MS = 10_000;

/**
 * Runs `handOver` once the web app answers. Were its page asked for while it cannot load (the
 * browser offline, the server down), Chrome would show its own error page in place of the pause,
 * and a Back from the first screen would land there. So the web app is asked first: when it
 * answers, the hand-over goes ahead at once; when it does not, the first screen stays, keeps the
 * pause going, says why (the browser's own belief picks the notice), and asks again every RETRY_MS
 * and as soon as the `online` event comes. An ask unanswered after ASK_TIMEOUT_MS counts as none.
 */
export function whenReachable(
  connection: Connection,
  notices: Notices,
  handOver: () => void,
  clock: Pick<Clock, 'setTimeout'> = realClock,
): void {
  const { window } = connection;
  let done = false;
  let asking = false;
  // The `online` event came while an ask begun offline was still out: ask again once it is back.
  let askAgain = false;
  // One retry timer at a time, however many `online` events come in between.
  let retryPending = false;
  const show = (which: keyof Notices | null) => {
    notices.offline.hidden = which !== 'offline';
    notices.unreachable.hidden = which !== 'unreachable';
  };
  const ask = async () => {
    if (done || asking) return;
    asking = true;
    const giveUp = new AbortController();
    const notAnswered = new Promise<false>((resolve) =>
      clock.setTimeout(() => {
        giveUp.abort();
        resolve(false);
      }, ASK_TIMEOUT_MS),
    );
    const answered = await Promise.race([connection.reachable(giveUp.signal), notAnswered]);
    asking = false;
    if (done) return;
    if (answered) {
      done = true;
      window.removeEventListener('online', onOnline);
      show(null);
      handOver();
      return;
    }
    show(window.navigator.onLine ? 'unreachable' : 'offline');
    if (askAgain) {
      askAgain = false;
      return ask();
    }
    if (retryPending) return;
    retryPending = true;
    clock.setTimeout(() => {
      retryPending = false;
      void ask();
    }, RETRY_MS);
  };
  const onOnline = () => {
    if (asking) askAgain = true;
    else void ask();
  };
  window.addEventListener('online', onOnline);
  void ask();
}
