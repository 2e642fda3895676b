import { localUserDay } from '@stillpoint/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/** GET getInsights: the 7 days of pauses ending on `userDay`. */
export const insightsQuery = (userDay: number) =>
  queryOptions({
    queryKey: ['insights', userDay],
    queryFn: ({ signal }) => callApi('getInsights', { userDay }, { signal }),
  });

/** The last 7 days of pauses, ending today by the person's own calendar (as the sites are asked). */
export function useInsights() {
  return useQuery(insightsQuery(localUserDay(new Date())));
}
