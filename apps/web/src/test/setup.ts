import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Without Vitest globals, Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

// jsdom has no scrolling; ScrollRestoration calls this on every navigation.
window.scrollTo = () => undefined;
