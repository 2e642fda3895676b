import { queryOptions } from '@tanstack/react-query';
import { callApi } from './api';
import { queryKeys } from './queryKeys';

/**
 * Server reads that more than one feature makes (home, breathe, onboarding), defined once so
 * they share a cache entry and fetch the same way.
 */

/** GET getBrowserSitesWithActiveAndTodaysSessions for one local day. */
export const sitesQuery = (userDay: number) =>
  queryOptions({
    queryKey: queryKeys.sites(userDay),
    queryFn: ({ signal }) => callApi('getBrowserSitesWithActiveAndTodaysSessions', { userDay }, { signal }),
  });

/** GET getBrowserSiteSettings: the six switches, or null before setup. */
export const feedblockingSettingsQuery = () =>
  queryOptions({
    queryKey: queryKeys.feedblockingSettings(),
    queryFn: ({ signal }) => callApi('getBrowserSiteSettings', undefined, { signal }),
  });
