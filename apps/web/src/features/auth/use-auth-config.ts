import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api';

/** GET /api/getAuthConfig: providers, the bot check and (outside production) the test number. */
export function useAuthConfig() {
  return useQuery({
    queryKey: ['authConfig'],
    queryFn: ({ signal }) => callApi('getAuthConfig', undefined, { signal }),
    // It only changes with a server deploy.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
