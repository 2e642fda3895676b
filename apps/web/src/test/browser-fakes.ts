import { vi } from 'vitest';

// The browser APIs jsdom lacks and the screens carousel (embla), the paywall's floating button and
// reduced-motion checks ask for. Globals are unstubbed after each test (setup.ts).

/** matchMedia answering each query with `matches(query)`. */
export const stubMatchMedia = (matches: (query: string) => boolean = () => false) =>
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));

/** Asked for less motion: `prefers-reduced-motion: reduce` matches. */
export const stubReducedMotion = (reduced: boolean | (() => boolean)) =>
  stubMatchMedia(
    (query) =>
      query === '(prefers-reduced-motion: reduce)' && (typeof reduced === 'function' ? reduced() : reduced),
  );

/** An observer that never reports: the carousel watches sizes and visibility with these. */
export class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

/** Everything the carousel asks of the browser, with no preference for less motion. */
export function stubCarouselBrowser(): void {
  stubMatchMedia();
  vi.stubGlobal('ResizeObserver', NoopObserver);
  vi.stubGlobal('IntersectionObserver', NoopObserver);
}
