import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from './api';
import { queryKeys } from './query-keys';

/**
 * GET getAppLinks: the store pages (their ids are the server's configuration) and the brand's
 * website, blog, privacy policy and support address. Fixed for the life of the page, so read once.
 */
export const fetchAppLinks = (signal?: AbortSignal) => callApi('getAppLinks', undefined, { signal });

export const appLinksQuery = () =>
  queryOptions({
    queryKey: queryKeys.appLinks(),
    queryFn: ({ signal }) => fetchAppLinks(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Where Stillpoint lives outside this site; `data` is undefined until the server has answered. */
export const useAppLinks = () => useQuery(appLinksQuery());
