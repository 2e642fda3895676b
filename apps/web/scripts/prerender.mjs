/**
 * Draws the first screen of the pages in src/app/prerender/pages.ts for a new visitor and writes
 * them to dist/.vite/prerendered.json, which the server puts into those pages' HTML (decision 022).
 * Runs after `vite build`: the app's own code, loaded through Vite, renders into jsdom, with
 * storage empty and every request left unanswered (nobody is known to be signed in).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { JSDOM } from 'jsdom';
import { createServer } from 'vite';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outFile = path.join(webRoot, 'dist/.vite/prerendered.json');

const dom = new JSDOM('<!doctype html><html><body></body></html>', {
  url: 'http://localhost/',
  pretendToBeVisual: true,
});
const { window } = dom;
// The browser's globals, as a page sees them; Node's own (fetch, URL, timers...) stay.
for (const key of Object.getOwnPropertyNames(window)) {
  if (key in globalThis) continue;
  Object.defineProperty(globalThis, key, { configurable: true, writable: true, value: window[key] });
}
for (const key of ['window', 'document', 'navigator', 'location', 'localStorage', 'sessionStorage']) {
  Object.defineProperty(globalThis, key, { configurable: true, writable: true, value: window[key] });
}
// Nothing is fetched at build time: a request the first screen makes simply never answers.
globalThis.fetch = () => new Promise(() => undefined);
window.fetch = globalThis.fetch;
// jsdom cannot scroll; the router's scroll restoration asks it to.
window.scrollTo = () => undefined;

const storageOf = (key) => (key.startsWith('session:') ? window.sessionStorage : window.localStorage);
const nameOf = (key) => key.slice(key.indexOf(':') + 1);
/** The destination the breathe page is drawn for, replaced by the server with the request's. */
const DESTINATION = 'first-screen-destination.invalid';

const vite = await createServer({
  root: webRoot,
  logLevel: 'error',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, watch: null },
  // The packages that import React go through the config's aliases, so they draw with the same
  // Preact as the app (decision 031) instead of loading React from node_modules.
  ssr: {
    noExternal: [/react/, /^@radix-ui\//, /^@tanstack\//, /^better-auth/, /^@hookform\//, /^sonner/, /^use-/],
  },
});
try {
  const { PRERENDERED_PAGES } = await vite.ssrLoadModule('/src/app/prerender/pages.ts');
  // Each page is drawn as the document a browser loaded at its address (payment pages check it).
  const { documentLoad } = await vite.ssrLoadModule('/src/app/paymentPageLoad.ts');
  documentLoad.path = () => window.location.pathname;
  const { renderFirstScreen } = await vite.ssrLoadModule('/src/app/prerender/renderFirstScreen.tsx');
  const pages = {};
  for (const [
    pagePath,
    { unlessStored, unlessQuery = [], namesDestination, carriesOnBreathing },
  ] of Object.entries(PRERENDERED_PAGES)) {
    // A key the drawing needs (`!local:key`, a session token) is stored while it is drawn.
    const needed = unlessStored.filter((key) => key.startsWith('!')).map((key) => key.slice(1));
    for (const key of needed) storageOf(key).setItem(nameOf(key), 'drawn-at-build-time');
    try {
      const draw = async (url) => {
        window.history.replaceState(null, '', url);
        const html = await renderFirstScreen(url);
        if (!html.trim()) throw new Error(`prerender: ${url} drew nothing`);
        return html;
      };
      const html = await draw(pagePath);
      // The server sets how far along the circle is through its class (first-screens.ts).
      if (carriesOnBreathing && !html.includes('breathe-circle'))
        throw new Error(`prerender: ${pagePath} draws no breathing circle`);
      const page = { html, unlessStored, unlessQuery, ...(carriesOnBreathing ? { carriesOnBreathing } : {}) };
      if (namesDestination) {
        const withDestination = await draw(`${pagePath}?returnUrl=https://${DESTINATION}/`);
        if (!withDestination.includes(DESTINATION))
          throw new Error(`prerender: ${pagePath} names no destination`);
        page.destination = { html: withDestination, placeholder: DESTINATION };
      }
      pages[pagePath] = page;
    } finally {
      for (const key of needed) storageOf(key).removeItem(nameOf(key));
    }
  }
  mkdirSync(path.dirname(outFile), { recursive: true });
  writeFileSync(outFile, `${JSON.stringify(pages, null, 2)}\n`);
  console.log(`prerendered ${Object.keys(pages).join(', ')}`);
} catch (error) {
  console.error('prerender failed:', error);
  process.exitCode = 1;
} finally {
  // A drawn page may have started loading a lazy module (the sign-in methods load while the
  // session check runs); closing Vite fails that load, and nothing is waiting for it any more.
  process.on('unhandledRejection', () => undefined);
  await vite.close();
}
// Requests left unanswered and the app's timers must not keep the build waiting.
process.exit();
