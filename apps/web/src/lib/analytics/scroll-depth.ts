import { SCROLL_DEPTH_DEBOUNCE_MS } from '@stillpoint/core';
import { useEffect } from 'react';
import { track } from './track';

/** How far down the page a person has scrolled, in tenths (0-10). A page that fits the window counts as read. */
export function scrollDepthTenths(scrollY: number, viewportHeight: number, pageHeight: number): number {
  const scrollable = pageHeight - viewportHeight;
  if (scrollable <= 0) return 10;
  const ratio = Math.min(1, Math.max(0, scrollY / scrollable));
  return Math.floor(ratio * 10);
}

/**
 * Tracks the deepest tenth reached on a page (SPEC §7), once per new depth, debounced 300 ms so a
 * fling of the wheel sends one event rather than dozens.
 */
export function useScrollDepthTracking(page: string): void {
  useEffect(() => {
    let deepest = -1;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const measure = () => {
      const depth = scrollDepthTenths(
        window.scrollY,
        window.innerHeight,
        document.documentElement.scrollHeight,
      );
      if (depth > deepest) {
        deepest = depth;
        track('scrollDepth', { page, depth });
      }
    };
    const onScroll = () => {
      clearTimeout(timer);
      timer = setTimeout(measure, SCROLL_DEPTH_DEBOUNCE_MS);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
    };
  }, [page]);
}
