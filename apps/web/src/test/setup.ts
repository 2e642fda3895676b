import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { installFakeServer } from './fake-server';

// The suite runs many files at once on two cores: a page that renders in 50 ms alone can take
// more than Testing Library's default second to appear, so find* queries wait up to 4 s. What a
// test renders runs in StrictMode, as the app does in development (main.tsx).
configure({ asyncUtilTimeout: 4000, reactStrictMode: true });

// Without Vitest globals, Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

// Timers a file started and that have not run yet. Unmounting leaves some behind: a toast on its way
// out updates the Toaster 200 ms later, from a timer of sonner's own. One that ran after jsdom had
// gone would fail the run ("window is not defined"), so the file's end clears them instead of
// waiting for them. Fake timers replace this wrapper while on and restore it after.
const pendingTimers = new Set<ReturnType<typeof setTimeout>>();
const realSetTimeout = globalThis.setTimeout;
globalThis.setTimeout = Object.assign((handler: TimerHandler, delay?: number, ...args: unknown[]) => {
  if (typeof handler !== 'function') return realSetTimeout(handler, delay, ...args);
  const timer = realSetTimeout(
    (...callArgs: unknown[]) => {
      pendingTimers.delete(timer);
      handler(...callArgs);
    },
    delay,
    ...args,
  );
  pendingTimers.add(timer);
  return timer;
}, realSetTimeout) as typeof setTimeout;
afterAll(() => {
  for (const timer of pendingTimers) clearTimeout(timer);
  pendingTimers.clear();
});

// The app loads its auth client on demand. Loaded here first, so a test file that ends while that
// import is still on its way (a busy machine) never evaluates it after jsdom has gone.
beforeAll(() => import('../lib/auth-client'));

// No test reaches a real network: by default the app meets a fake server with nobody signed in.
// A test that needs more installs its own (see fakeServer.ts); api.test.ts stubs fetch itself.
beforeEach(() => {
  installFakeServer();
});

afterEach(() => {
  vi.unstubAllGlobals();
  // Tokens, the remembered return path and the synced-session marker belong to one test.
  localStorage.clear();
  sessionStorage.clear();
});

// jsdom has no scrolling; ScrollRestoration calls this on every navigation.
window.scrollTo = () => undefined;

// Nor pointer capture, which a toast takes on pointer down (it can be swiped away).
Element.prototype.setPointerCapture ??= () => undefined;
Element.prototype.releasePointerCapture ??= () => undefined;
Element.prototype.hasPointerCapture ??= () => false;
