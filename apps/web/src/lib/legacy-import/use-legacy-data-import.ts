import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAfterFirstScreen } from '../after-first-screen';
import { useAuth } from '../auth/auth-context';

/**
 * Runs the legacy-data import once per page load for the signed-in person. As a query, React
 * rendering twice, several signed-in pages and navigations between them all share the one run;
 * it is never stale and never collected, so it does not run again until the page is loaded anew
 * (or someone else signs in).
 */
export function useLegacyDataImport(): void {
  const queryClient = useQueryClient();
  const userId = useAuth().user?.uid ?? null;
  // Nothing of it shows: it waits until the page's first screen is complete.
  const afterFirstScreen = useAfterFirstScreen();
  useQuery({
    queryKey: ['legacyDataImport', userId],
    // Loaded when it runs: it checks the extension's reply with core's message schemas (zod),
    // which no signed-in page needs before its first paint.
    queryFn: () =>
      import('./import-legacy-data').then(({ importLegacyData }) => importLegacyData(queryClient)),
    enabled: userId !== null && afterFirstScreen,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
