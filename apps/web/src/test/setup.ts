import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { installFakeServer } from './fakeServer';

// Without Vitest globals, Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

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
