import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { isPagePrefetch } from '../../lib/page-prefetch';

/** Starts the matched pages' prefetches (lib/pagePrefetch.ts) on arrival and on each navigation. */
export function usePagePrefetch() {
  const matches = useMatches();
  const queryClient = useQueryClient();
  useEffect(() => {
    for (const { handle } of matches) if (isPagePrefetch(handle)) handle.prefetch(queryClient);
  }, [matches, queryClient]);
}
