import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { AuthProvider } from '../lib/auth';
import { Toaster } from '../ui/Toaster';
import { createQueryClient } from './queryClient';

/** App-wide context: server state (TanStack Query), who is signed in, and the toast outlet. */
export function Providers({ children }: { children: ReactNode }) {
  // One client per mounted app, so tests that mount their own app never share a cache.
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
      <Toaster />
    </QueryClientProvider>
  );
}
