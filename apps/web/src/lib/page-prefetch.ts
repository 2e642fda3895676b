import type { QueryClient } from '@tanstack/react-query';

/**
 * A signed-in page's route `handle`: the data it shows first, asked for as soon as the signed-in
 * layout is drawn. With a stored token the layout is drawn while the session and the subscription
 * are still being checked, so the page's data no longer waits for both before it starts loading.
 */
export interface PagePrefetch {
  prefetch(queryClient: QueryClient): void;
}

export const isPagePrefetch = (handle: unknown): handle is PagePrefetch =>
  typeof handle === 'object' && handle !== null && typeof (handle as PagePrefetch).prefetch === 'function';
