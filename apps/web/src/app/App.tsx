import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { Providers } from './Providers';
import type { AppRouter } from './router';

interface AppProps {
  /** The browser's router, or a memory one for the first screens drawn at build time. */
  router: AppRouter;
  /** Called once the app's first render is on the page (a first screen taken over). */
  onShown?: () => void;
}

export function App({ router, onShown }: AppProps) {
  useEffect(() => onShown?.(), [onShown]);
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
