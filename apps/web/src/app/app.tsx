import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { Providers } from './providers';
import type { AppRouter } from './router';

interface AppProps {
  /** The browser's router, or a memory one for the first screens drawn at build time. */
  router: AppRouter;
  /** Called once the app's first render is on the page (a first screen taken over). */
  onShown?: () => void;
  /** The browser's query client, made before the app so the first page's data can start early. */
  queryClient?: QueryClient;
}

export function App({ router, onShown, queryClient }: AppProps) {
  useEffect(() => onShown?.(), [onShown]);
  return (
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  );
}
