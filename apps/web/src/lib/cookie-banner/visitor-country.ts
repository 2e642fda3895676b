import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../api';

/**
 * GET getVisitorCountry (SPEC §7 IP country lookup): the visitor's country, or null when the server
 * cannot tell. Asked once per visit: where someone is does not change while the page is open.
 * One retry rides out a blip; a lookup that still fails counts as unknown, so the banner applies.
 */
export const visitorCountryQuery = () =>
  queryOptions({
    queryKey: ['visitorCountry'],
    queryFn: async ({ signal }) => (await callApi('getVisitorCountry', undefined, { signal })).country,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
