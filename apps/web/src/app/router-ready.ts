import type { AppRouter } from './router';

/** Resolves once the router has loaded the first page's lazy code (and run its loaders). */
export function whenRouterReady(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}
