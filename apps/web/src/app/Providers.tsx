import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { AuthProvider } from '../lib/auth';
import { whenIdle } from '../lib/whenIdle';
import { createQueryClient } from './queryClient';

// Loaded after the first screen: it keeps the toast library out of the initial JavaScript
// (DESIGN's 120 KB budget). A toast raised before it arrives is shown once it mounts.
const Toaster = lazy(() => import('../ui/Toaster').then((module) => ({ default: module.Toaster })));
// Likewise the cookie banner and its country lookup: analytics starts with the page loaded, and
// until it is known whether the banner applies, events wait in the page (docs/consent.md).
const CookieConsent = lazy(() =>
  import('../lib/cookieBanner/CookieConsent').then((module) => ({ default: module.CookieConsent })),
);

/**
 * True once the page has loaded and the browser is idle: what nobody needs for the first screen
 * waits until then, so it does not compete with the page's own files.
 */
function useAfterPageLoad(): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let cancel: () => void = () => {};
    const afterLoad = () => {
      cancel = whenIdle(() => setLoaded(true), { fallbackMs: 0 });
    };
    if (document.readyState === 'complete') {
      afterLoad();
      return () => cancel();
    }
    window.addEventListener('load', afterLoad, { once: true });
    return () => {
      window.removeEventListener('load', afterLoad);
      cancel();
    };
  }, []);
  return loaded;
}

/**
 * App-wide context: server state (TanStack Query), who is signed in, the toast outlet and the
 * cookie banner.
 */
export function Providers({ children }: { children: ReactNode }) {
  // One client per mounted app, so tests that mount their own app never share a cache.
  const [queryClient] = useState(createQueryClient);
  const loaded = useAfterPageLoad();
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
      {loaded ? (
        <>
          <Suspense fallback={null}>
            <Toaster />
          </Suspense>
          <Suspense fallback={null}>
            <CookieConsent />
          </Suspense>
        </>
      ) : null}
    </QueryClientProvider>
  );
}
