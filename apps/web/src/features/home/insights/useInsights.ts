import { localUserDay } from '@stillpoint/core';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/** The last 7 days of pauses, ending today by the person's own calendar (as the sites are asked). */
export function useInsights() {
  const userDay = localUserDay(new Date());
  return useQuery({
    queryKey: ['insights', userDay],
    queryFn: ({ signal }) => callApi('getInsights', { userDay }, { signal }),
  });
}
