import { matchRoutes } from 'react-router';
import { routes } from '../app/routes';

/**
 * Loads the lazy code of the pages at these paths (and their layouts) up front, so a test's
 * 5-second budget is not spent compiling them on a busy machine.
 */
export async function preloadRoutes(...paths: string[]): Promise<void> {
  const matches = paths.flatMap((path) => matchRoutes(routes, path) ?? []);
  await Promise.all([
    ...matches.map(({ route }) => (typeof route.lazy === 'function' ? route.lazy() : undefined)),
    // Pages composed with the sign-in methods load them on first use.
    import('../app/composed-sign-in').then((module) => module.loadSignInPanel()),
  ]);
}
