import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Providers } from '../Providers';
import { whenRouterReady } from '../routerReady';
import { routes } from '../routes';

/**
 * The markup of a page's first screen for a new visitor: the app drawn into the current document
 * (jsdom at build time) with nothing stored and nobody known to be signed in, exactly as the
 * browser's first draw will be once the page's code has loaded.
 */
export async function renderFirstScreen(path: string): Promise<string> {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  await whenRouterReady(router);
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  // Synchronous, so what is read is the first draw, before any effect has changed it.
  flushSync(() =>
    root.render(
      <Providers>
        <RouterProvider router={router} />
      </Providers>,
    ),
  );
  const html = container.innerHTML;
  root.unmount();
  container.remove();
  router.dispose();
  return html;
}
