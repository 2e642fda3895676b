import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { installFakeServer } from './fake-server';

// The suite runs many files at once on two cores: a page that renders in 50 ms alone can take
// more than Testing Library's default second to appear, so find* queries wait up to 4 s. What a
// test renders runs in StrictMode, as the app does in development (main.tsx).
configure({ asyncUtilTimeout: 4000, reactStrictMode: true });

// Without Vitest globals, Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

// A toast on its way out updates the Toaster 200 ms later, from a timer of sonner's own that
// unmounting does not clear. A file ending within that time would have the update run after jsdom
// has gone ("window is not defined", failing the run), so a file that showed a toast waits it out.
afterAll(async () => {
  if (toast.getHistory().length > 0) await new Promise((resolve) => setTimeout(resolve, 250));
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
