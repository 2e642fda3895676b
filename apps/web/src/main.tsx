import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { prefetchFirstPage } from './app/early-prefetch';
import { createQueryClient } from './app/query-client';
import { holdQueryNotifications } from './app/query-notifications';
import { appRouter } from './app/router';
import { whenRouterReady } from './app/router-ready';
import { DRAWN_SIGN_IN_PANEL, loadSignInPanel } from './features/auth/sign-in-methods';
import { checkSessionEarly, sessionHinted } from './lib/auth/session';
import { installErrorReporting } from './lib/client-errors/install';
import { installSentryWhenConfigured } from './lib/client-errors/sentry';
import { drawnFirstScreenWith } from './lib/first-screen';
import { nextTask } from './lib/next-task';
// The phone field's styles come with every page rather than with the sign-in panel's code: the
// first screens drawn at build time show the panel (decision 040), which must not move when its
// code arrives.
import 'react-phone-number-input/style.css';
import './features/auth/phone/phone-number-field.css';
import './styles.css';

// First, so that an error while the app starts reaches the team too (docs/observability.md).
installErrorReporting();
// Only when the server gave the page a DSN; it loads after the first screen (decision 052).
installSentryWhenConfigured();

// Asked at once, beside the page's chunks: every signed-in screen waits for this answer.
const session = checkSessionEarly();
// The browser's one query client, made here so that a signed-in page's data is asked for beside
// the session rather than after the page has drawn.
const queryClient = createQueryClient();
if (sessionHinted()) prefetchFirstPage(queryClient, session);

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">.');

/** Delivers the query news held while the drawing was taken over. */
let releaseQueryNotifications: () => void = () => undefined;

/** The taken-over drawing takes taps, and the server's loading notice beside it goes. */
function shown(drawing: HTMLElement) {
  releaseQueryNotifications();
  drawing.removeAttribute('inert');
  container?.querySelector('[data-first-screen-notice]')?.remove();
}

/**
 * Takes over a first screen drawn at build time (decisions 022 and 040): the server sent it inside
 * `<div inert>` in the root, rendered by React from the same code, so the app hydrates it in place
 * and then lets it take taps. A mismatch is an error (the e2e suite fails on it), after which
 * React draws the page anew.
 */
function hydrate(drawing: HTMLElement) {
  releaseQueryNotifications = holdQueryNotifications();
  drawnFirstScreenWith((container?.getAttribute('data-unless-stored') ?? '').split(' '));
  // As a transition, React hydrates in slices of a few milliseconds and lets the browser run in
  // between; otherwise the whole page is one long task (Lighthouse's Total Blocking Time).
  startTransition(() => {
    hydrateRoot(
      drawing,
      // StrictMode checks effects and state (run twice) in development only.
      <StrictMode>
        <App router={appRouter()} onShown={() => shown(drawing)} queryClient={queryClient} />
      </StrictMode>,
      {
        onRecoverableError(error) {
          console.error('Recoverable error while taking over the first screen:', error);
        },
      },
    );
  });
}

// The drawing is taken over once the router has loaded the page's code: rendering earlier would
// draw the loading spinner, which is not what was drawn. Evaluating the code, making the router
// and drawing are each a task of their own, so the browser can paint and take input in between.
// Not a top-level await: that would make the bundler split the entry into many small chunks.
// A drawn sign-in panel's code is loaded too, so the panel is hydrated with the page (signInMethods.tsx).
const drawing = container.querySelector<HTMLElement>(':scope > div[inert]');
if (drawing) {
  const panelCode = drawing.querySelector(DRAWN_SIGN_IN_PANEL) ? loadSignInPanel() : null;
  void nextTask()
    .then(() => Promise.all([whenRouterReady(appRouter()), panelCode]))
    .then(nextTask)
    .then(() => hydrate(drawing));
} else {
  const root = createRoot(container);
  // Drawn in slices too: the page's first render is not one long task.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App router={appRouter()} queryClient={queryClient} />
      </StrictMode>,
    ),
  );
}
