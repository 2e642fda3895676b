import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { AuthProvider } from '../lib/auth';
import { createQueryClient } from './queryClient';

// Loaded after the first screen: it keeps the toast library out of the initial JavaScript
// (DESIGN's 120 KB budget). A toast raised before it arrives is shown once it mounts.
const Toaster = lazy(() => import('../ui/Toaster').then((module) => ({ default: module.Toaster })));

/** App-wide context: server state (TanStack Query), who is signed in, and the toast outlet. */
export function Providers({ children }: { children: ReactNode }) {
  // One client per mounted app, so tests that mount their own app never share a cache.
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </QueryClientProvider>
  );
}
