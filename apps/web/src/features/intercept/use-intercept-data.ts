import { type CustomSite, localUserDay, QUOTES, type QuoteView } from '@stillpoint/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { callApi } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { sitesQuery } from '../../lib/sites/sites-query';

/**
 * The quote for this visit: one picked at random from GET getQuotes, fixed once it is first
 * shown. If the quotes have not arrived by then (offline, or the call failed), the same 36
 * quotes bundled with the app stand in, so the pause never ends on an empty screen.
 */
export function useVisitQuote(show: boolean): QuoteView | null {
  const quotes = useQuery({
    queryKey: queryKeys.quotes(),
    queryFn: ({ signal }) => callApi('getQuotes', undefined, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [pick] = useState(Math.random);
  const [chosen, setChosen] = useState<QuoteView | null>(null);
  if (show && chosen === null) {
    const list: readonly QuoteView[] = quotes.data?.length ? quotes.data : QUOTES;
    const quote = list[Math.min(list.length - 1, Math.floor(pick * list.length))];
    if (quote) setChosen({ id: quote.id, quote: quote.quote, author: quote.author });
  }
  return chosen;
}

export type InterceptSite =
  | { status: 'missing' }
  | { status: 'loading' }
  | { status: 'error'; message: string; retrying: boolean; retry(): void }
  | { status: 'notFound' }
  | { status: 'found'; site: CustomSite };

/**
 * The site being intercepted, from the same list the home page shows (today's sessions and
 * budget). Only the person's own sites come back, so someone else's id is simply not found.
 */
export function useInterceptSite(siteId: string | null): InterceptSite {
  const [userDay] = useState(() => localUserDay(new Date()));
  const sites = useQuery({ ...sitesQuery(userDay), enabled: siteId !== null });
  if (siteId === null) return { status: 'missing' };
  if (sites.isPending) return { status: 'loading' };
  if (sites.isError) {
    return {
      status: 'error',
      message: sites.error.message,
      retrying: sites.isFetching,
      retry: () => void sites.refetch(),
    };
  }
  const site = sites.data.find((candidate) => candidate.id === siteId);
  return site ? { status: 'found', site } : { status: 'notFound' };
}
