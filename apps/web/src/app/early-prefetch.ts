import type { QueryClient } from '@tanstack/react-query';
import type { AuthSession } from '../lib/auth/session';
import { isSessionSynced } from '../lib/auth/sync-current-user';
import type { PagePrefetch } from '../lib/page-prefetch';

/**
 * The pages drawn in the signed-in layout (routes.tsx), by path, with the data each shows first
 * (lib/pagePrefetch.ts) where it names any. The same modules the routes load lazily, so asking for
 * one here loads nothing twice.
 */
const SIGNED_IN_LAYOUT_PAGES: Record<string, (() => Promise<PagePrefetch>) | null> = {
  '/': () => import('../features/home/home-prefetch').then((m) => m.homePrefetch),
  '/subscription': null,
  '/onboarding': null,
  '/onboarding-ios': null,
};

/**
 * Starts what the first page waits for as the app's code starts, for someone who seems signed in:
 * its own data, and the subscription the signed-in layout waits for. Otherwise both would wait for
 * the router to load the page and draw its layout. The layout asks again on arrival, and the query
 * cache answers from what this started.
 */
export function prefetchFirstPage(
  queryClient: QueryClient,
  session: Promise<AuthSession | null>,
  pathname = window.location.pathname,
): void {
  const page = SIGNED_IN_LAYOUT_PAGES[pathname];
  if (page === undefined) return;
  // The layout's own prefetch runs anyway, and the queries report their failures.
  page?.()
    .then((prefetch) => prefetch.prefetch(queryClient))
    .catch(() => undefined);
  prefetchSubscription(queryClient, session);
}

/**
 * The subscription is asked for beside the session check, with the same stored token, rather than
 * after it; the answer goes into the cache under the person the session names. It is used only
 * for a sign-in that has synced: a new sign-in's first sync must come first (it creates the
 * person's profile), so then the layout asks after the sync as usual.
 */
function prefetchSubscription(queryClient: QueryClient, session: Promise<AuthSession | null>): void {
  let early: Promise<unknown> | undefined = import('../lib/api').then(({ callApi }) =>
    callApi('getSubscriptionState'),
  );
  early.catch(() => undefined);
  Promise.all([session, import('../lib/subscription/use-subscription')])
    .then(([current, { subscriptionQuery }]) => {
      if (!current || !isSessionSynced(current.id)) return;
      const query = subscriptionQuery(current.user.uid);
      return queryClient.prefetchQuery({
        ...query,
        // The early answer once; a retry asks anew.
        queryFn: (context) => {
          const answer = early ?? query.queryFn?.(context);
          early = undefined;
          return answer as ReturnType<NonNullable<typeof query.queryFn>>;
        },
      });
    })
    .catch(() => undefined);
}
