import { localUserDay } from '@stillpoint/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET getProfileWeb for one local day: display name, streak, screen time. */
export const profileQuery = (userDay: number) =>
  queryOptions({
    queryKey: queryKeys.profile(),
    queryFn: ({ signal }) => callApi('getProfileWeb', { userDay }, { signal }),
  });

/** The profile for today (the person's local day). */
export function useProfile() {
  return useQuery(profileQuery(localUserDay(new Date())));
}
