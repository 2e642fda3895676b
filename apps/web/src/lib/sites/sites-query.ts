import { localUserDay } from '@stillpoint/core';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../api';
import { queryKeys } from '../query-keys';

/**
 * GET getBrowserSitesWithActiveAndTodaysSessions for one local day. Home, breathe and onboarding
 * read it through this one definition, so they share a cache entry.
 */
export const sitesQuery = (userDay: number) =>
  queryOptions({
    queryKey: queryKeys.sites(userDay),
    queryFn: ({ signal }) => callApi('getBrowserSitesWithActiveAndTodaysSessions', { userDay }, { signal }),
  });

/** The person's sites for their local day, with today's sessions and the ones still running. */
export function useSites() {
  return useQuery(sitesQuery(localUserDay(new Date())));
}

/** Refetches every day's copy of the list, e.g. once a session has started or ended. */
export const reloadSites = (queryClient: QueryClient): Promise<void> =>
  queryClient.invalidateQueries({ queryKey: queryKeys.sites() });
