import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import { drawnFirstScreenWith } from '../../lib/first-screen';
import { App } from '../app';
import type { AppRouter } from '../router';
import { whenRouterReady } from '../router-ready';
import { routes } from '../routes';

/** Longer than any page's code takes to load; a page still waiting then waits on the network. */
const WAIT_MS = 10_000;

/**
 * The markup of a page's first screen for a new visitor, rendered by React's own server renderer
 * from the app's code, as the browser's first render will be when the app hydrates it
 * (`main.tsx`): nothing stored but the keys the page is drawn with (`!local:key`), nobody known to
 * be signed in. Lazy code inside the page is waited for; anything else that suspends (the network)
 * fails the build, since the app could not take that drawing over.
 */
export async function renderFirstScreen(path: string, unlessStored: readonly string[]): Promise<string> {
  drawnFirstScreenWith(unlessStored);
  const router: AppRouter = createMemoryRouter(routes, { initialEntries: [path] });
  try {
    await whenRouterReady(router);
    const errors: unknown[] = [];
    const waiting = new AbortController();
    const timer = setTimeout(
      () => waiting.abort(new Error(`${path} still waits after ${WAIT_MS} ms`)),
      WAIT_MS,
    );
    const { prelude } = await prerender(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
      { signal: waiting.signal, onError: (error) => void errors.push(error) },
    ).finally(() => clearTimeout(timer));
    if (errors.length > 0) throw new AggregateError(errors, `prerender: ${path} failed to render`);
    return await new Response(prelude).text();
  } finally {
    router.dispose();
  }
}
