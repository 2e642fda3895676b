import type { Subscriber, SubscriptionState } from '@stillpoint/core';
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callApi } from '../api';
import { useAuth } from '../auth/auth-context';
import { queryKeys } from '../query-keys';
import { type PremiumStatus, premiumStatus } from './premium-status';

/** GET getSubscriptionState for one person: their plan as the server words it, or null without one. */
export const subscriptionQuery = (userId: string) =>
  queryOptions({
    queryKey: queryKeys.subscription(userId),
    queryFn: ({ signal }) => callApi('getSubscriptionState', undefined, { signal }),
    // After a failure (already retried and announced), a page that opens does not ask again by
    // itself; the subscription page offers Try again.
    retryOnMount: false,
  });

/** SPEC §4's subscription store states. */
export type SubscriptionStatus = 'notInitialised' | 'loading' | 'initialised' | 'error';

/**
 * The store as a page reads it. What is in force (premium, trial, expired, days left, the badge)
 * is the server's answer, never re-derived with the browser's clock (premiumStatus).
 */
export interface Subscription extends PremiumStatus {
  status: SubscriptionStatus;
  /** The plan as the subscription page shows it; null without a subscription or before it is known. */
  state: SubscriptionState | null;
  subscriber: Subscriber | null;
  /** Why the last fetch failed, while it has not succeeded since. */
  error: Error | null;
  /** When the last fetch failed (0 if none has), so a failure can be announced once. */
  failedAt: number;
  /** A fetch is running: the first one or a refresh. */
  isFetching: boolean;
  /** Fetches again, unless a fetch is already running (SPEC §4: a fetch is skipped while loading). */
  refresh(): Promise<void>;
  /**
   * Asks the server now, whatever the cache holds (joining a fetch already running), and returns
   * its answer; throws when that fails. For what must be fresh, like a billing-portal session.
   */
  fetchLatest(): Promise<SubscriptionState | null>;
}

interface UseSubscriptionOptions {
  /** Fetch again every so many milliseconds while set, e.g. while a purchase is being confirmed. */
  refetchInterval?: number | false;
}

/**
 * SPEC §4's subscription store, as a TanStack query keyed by the signed-in person: not initialised
 * until someone is signed in, loading during the first fetch, then initialised or error. Every
 * caller shares one cache entry, so it initialises once per person; sign-out removes it with the
 * rest of the person's queries (lib/auth), which resets it.
 */
export function useSubscription({ refetchInterval = false }: UseSubscriptionOptions = {}): Subscription {
  const auth = useAuth();
  const userId = auth.status === 'signedIn' ? auth.user?.uid : undefined;
  const query = useQuery({
    ...subscriptionQuery(userId ?? ''),
    enabled: userId !== undefined,
    refetchInterval,
  });
  const { refetch } = query;
  const queryClient = useQueryClient();

  const refresh = useCallback(async () => {
    if (userId === undefined) return;
    // cancelRefetch false: a fetch already running is awaited instead of being replaced.
    await refetch({ cancelRefetch: false });
  }, [refetch, userId]);

  const fetchLatest = useCallback(async () => {
    if (userId === undefined) throw new Error('Sign in to see your subscription.');
    // staleTime 0: the cached answer never counts as fresh here. The cache takes the answer too.
    return queryClient.fetchQuery({ ...subscriptionQuery(userId), staleTime: 0 });
  }, [queryClient, userId]);

  const state = query.data ?? null;
  return {
    ...premiumStatus(state),
    status: statusOf(userId, query),
    state,
    subscriber: state?.subscriber ?? null,
    error: query.data === undefined ? query.error : null,
    failedAt: query.errorUpdatedAt,
    isFetching: query.isFetching,
    refresh,
    fetchLatest,
  };
}

function statusOf(
  userId: string | undefined,
  query: { data: unknown; isError: boolean; fetchStatus: string },
): SubscriptionStatus {
  if (userId === undefined) return 'notInitialised';
  // A failed refresh keeps the plan it had: the page goes on showing it.
  if (query.data !== undefined) return 'initialised';
  if (query.isError) return 'error';
  return query.fetchStatus === 'idle' ? 'notInitialised' : 'loading';
}

/**
 * Fetches the plan again after the server changed it (a trial started), replacing any fetch
 * already running, whose answer would predate the change.
 */
export const reloadSubscription = (queryClient: QueryClient): Promise<void> =>
  queryClient.invalidateQueries({ queryKey: queryKeys.subscription() });
