import { createBrowserRouter } from 'react-router';
import { routes } from './routes';

export type AppRouter = ReturnType<typeof createBrowserRouter>;
let router: AppRouter | undefined;

/**
 * The app's one router, made on first use rather than as the entry module is evaluated: creating
 * it (ranking every route, starting the first navigation) is then a task of its own, not part of
 * the one long task that evaluates the page's code (bench/README.md, Lighthouse).
 */
export function appRouter(): AppRouter {
  router ??= createBrowserRouter(routes);
  return router;
}
