import { localUserDay } from '@stillpoint/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { callApi } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { useProfile } from '../profile/use-profile';

/** GET fetchApps for one local day: the person's limited apps and their use. */
export const mobileAppsQuery = (userDay: number) =>
  queryOptions({
    queryKey: queryKeys.mobileApps(userDay),
    queryFn: ({ signal }) => callApi('fetchApps', { userDay }, { signal }),
  });

/** GET getSupportedApps: the catalogue of recognisable apps, which changes with releases, not during a visit. */
export const supportedAppsQuery = () =>
  queryOptions({
    queryKey: queryKeys.supportedApps(),
    queryFn: ({ signal }) => callApi('getSupportedApps', undefined, { signal }),
    staleTime: 60 * 60_000,
  });

/**
 * The phone card's three stores (SPEC §4: mobile apps, supported apps, profile), each a query:
 * pending until the first load, then data or an error flag. The card waits for all three.
 */
export function usePhoneUse() {
  const [userDay] = useState(() => localUserDay(new Date()));
  const apps = useQuery(mobileAppsQuery(userDay));
  const supportedApps = useQuery(supportedAppsQuery());
  const profile = useProfile();

  const queries = [apps, supportedApps, profile];
  const failed = queries.filter((query) => query.isError);
  return {
    apps: apps.data,
    supportedApps: supportedApps.data,
    profile: profile.data,
    isPending: queries.some((query) => query.isPending && !query.isError),
    error: failed[0]?.error ?? null,
    isRetrying: failed.some((query) => query.isFetching),
    retry: () => {
      for (const query of failed) void query.refetch();
    },
  };
}
