import { SENTRY_DSN_META_NAME } from '@stillpoint/core';
import { isAnalyticsAllowed, subscribeConsent, whenTrackingAllowed } from '../consent/consent';
import { release } from './release';
import { MAX_REPORTS_PER_PAGE } from './report';

/** Sentry's browser SDK and its setup, in a chunk of their own (docs/observability.md, decision 052). */
const loadSentrySdk = () => import('./sentry-sdk');

export interface SentrySettings {
  dsn: string;
  environment: string;
}

/** The DSN and environment the server put in the page's head (SENTRY_BROWSER_DSN), or null: none. */
export function sentrySettings(doc: Document = document): SentrySettings | null {
  const meta = doc.querySelector<HTMLMetaElement>(`meta[name="${SENTRY_DSN_META_NAME}"]`);
  const dsn = meta?.content.trim();
  if (!meta || !dsn) return null;
  return { dsn, environment: meta.dataset.environment || 'production' };
}

const FIRST_INPUTS = ['pointerdown', 'keydown'] as const;

/**
 * Calls `run` once the first screen is done with: at the person's first tap or key, or when the
 * browser is next idle after the page has loaded, whichever comes first.
 */
export function afterFirstScreen(target: Window, run: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    for (const type of FIRST_INPUTS) target.removeEventListener(type, once, true);
    run();
  };
  for (const type of FIRST_INPUTS) target.addEventListener(type, once, { capture: true, passive: true });
  const whenIdle = () => {
    if (typeof target.requestIdleCallback === 'function') target.requestIdleCallback(once, { timeout: 5000 });
    else target.setTimeout(once, 1000);
  };
  if (target.document.readyState === 'complete') whenIdle();
  else target.addEventListener('load', whenIdle, { once: true });
}

export interface SentryOptions {
  target?: Window;
  settings?: SentrySettings | null;
  whenFirstScreenDone?: (target: Window, run: () => void) => void;
  load?: typeof loadSentrySdk;
}

/**
 * Sends the page's errors to Sentry through its browser SDK when the server gave the page a DSN,
 * and only then (decision 052): without one this returns at once, having loaded and listened to
 * nothing. With one, the SDK loads after the first screen, and only while the cookie choice allows
 * error reports (docs/consent.md), the same rule as the reports to the server: it waits for the
 * country, loads where no banner applies or once Accept is given, never before. The errors met
 * before it loads, as that rule allowed them, at most a few, are sent when it does. Returns the
 * uninstall of the listeners it keeps until then.
 */
export function installSentry({
  target = window,
  settings = sentrySettings(target.document),
  whenFirstScreenDone = afterFirstScreen,
  load = loadSentrySdk,
}: SentryOptions = {}): () => void {
  if (!settings) return () => undefined;
  const early: unknown[] = [];
  let capture: ((thrown: unknown) => void) | null = null;
  const take = (thrown: unknown) => {
    if (thrown === undefined || thrown === null) return;
    whenTrackingAllowed(() => {
      if (capture) capture(thrown);
      else if (early.length < MAX_REPORTS_PER_PAGE) early.push(thrown);
    });
  };
  const onError = (event: ErrorEvent) => take(event.error);
  const onRejection = (event: PromiseRejectionEvent) => take(event.reason);
  const stopListening = () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);

  let firstScreenDone = false;
  let loading = false;
  let unsubscribe: () => void = () => undefined;
  const start = () => {
    if (loading || !firstScreenDone || !isAnalyticsAllowed()) return;
    loading = true;
    unsubscribe();
    load()
      .then(({ startSentry }) => {
        capture = startSentry({ ...settings, release });
        // The SDK hears the page's errors itself from now on.
        stopListening();
        for (const thrown of early.splice(0)) capture(thrown);
      })
      // Blocked, offline, or the chunk gone after a release: the server's reports still go.
      .catch(() => stopListening());
  };
  whenFirstScreenDone(target, () => {
    firstScreenDone = true;
    unsubscribe = subscribeConsent(start);
    start();
  });
  return () => {
    stopListening();
    unsubscribe();
  };
}
