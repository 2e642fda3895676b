import { localUserDay } from '@stillpoint/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { callApi } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import { useProfile } from '../profile/useProfile';

/**
 * The phone card's three stores (SPEC §4: mobile apps, supported apps, profile), each a query:
 * pending until the first load, then data or an error flag. The card waits for all three.
 */
export function usePhoneUse() {
  const [userDay] = useState(() => localUserDay(new Date()));
  const apps = useQuery({
    queryKey: queryKeys.mobileApps(userDay),
    queryFn: ({ signal }) => callApi('fetchApps', { userDay }, { signal }),
  });
  const supportedApps = useQuery({
    queryKey: queryKeys.supportedApps(),
    queryFn: ({ signal }) => callApi('getSupportedApps', undefined, { signal }),
    // The catalogue of recognisable apps changes with releases, not during a visit.
    staleTime: 60 * 60_000,
  });
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
