import { localUserDay } from '@stillpoint/core';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';

/** GET getProfileWeb for today (the person's local day): display name, streak, screen time. */
export function useProfile() {
  return useQuery({
    queryKey: queryKeys.profile(),
    queryFn: ({ signal }) => callApi('getProfileWeb', { userDay: localUserDay(new Date()) }, { signal }),
  });
}
