import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useAfterFirstScreen } from '../lib/after-first-screen';
import { AuthProvider } from '../lib/auth/auth-provider';
import { createQueryClient } from './query-client';

// Loaded after the first screen: it keeps the toast library out of the initial JavaScript
// (DESIGN's 120 KB budget). A toast raised before it arrives is shown once it mounts.
const Toaster = lazy(() => import('../ui/toaster').then((module) => ({ default: module.Toaster })));
// Likewise the cookie banner and its country lookup: analytics starts with the page loaded, and
// until it is known whether the banner applies, events wait in the page (docs/consent.md).
const CookieConsent = lazy(() =>
  import('../lib/cookie-banner/cookie-consent').then((module) => ({ default: module.CookieConsent })),
);

/**
 * App-wide context: server state (TanStack Query), who is signed in, the toast outlet and the
 * cookie banner.
 */
export function Providers({
  children,
  queryClient: given,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  // One client per mounted app, so tests that mount their own app never share a cache. The
  // browser's app brings its own, which may already be loading the first page's data.
  const [queryClient] = useState(() => given ?? createQueryClient());
  const loaded = useAfterFirstScreen(queryClient);
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
