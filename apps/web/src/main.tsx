import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { appRouter } from './app/router';
import { whenRouterReady } from './app/routerReady';
import { checkSessionEarly } from './lib/auth/session';
import './styles.css';

// Asked at once, beside the page's chunks: every signed-in screen waits for this answer.
checkSessionEarly();

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">.');

const start = () =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );

/**
 * Lets the browser paint and handle input between the steps of starting the app: evaluating its
 * code, making the router, and drawing. Each is then a task of its own rather than one long one
 * that blocks the page (Lighthouse's Total Blocking Time).
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// A first screen drawn at build time (decision 022) stays until the page's code can draw the same
// over it; rendering earlier would replace it with the loading spinner for a moment. Not a
// top-level await: that would make the bundler split the entry into many small chunks.
if (container.hasChildNodes()) {
  void nextTask()
    .then(() => whenRouterReady(appRouter()))
    .then(nextTask)
    .then(start);
} else start();
