import type { PurchaseSummary } from '@stillpoint/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { callApi } from '../api';
import { useAuth } from '../auth/auth-context';
import { queryKeys } from '../query-keys';

/** How often, and how many times, to ask again for a purchase the provider has not reported yet. */
export const SUMMARY_INTERVAL_MS = 2000;
export const SUMMARY_ATTEMPTS = 8;

export interface PurchaseSummaryState {
  /** The purchase expected, as the server has it; null until it shows. */
  summary: PurchaseSummary | null;
  /** Asking (again): the purchase has not shown yet. */
  waiting: boolean;
  /** Asked SUMMARY_ATTEMPTS times and it still has not shown. */
  stillMissing: boolean;
  error: Error | null;
  retrying: boolean;
  retry(): void;
}

/**
 * The server's summary of the person's premium (getPurchaseSummary), once it is the kind just
 * bought or started: a plan bought a moment ago shows once its provider's event has arrived, so
 * until then it is asked again every SUMMARY_INTERVAL_MS, at most SUMMARY_ATTEMPTS times.
 */
export function usePurchaseSummary(expected: PurchaseSummary['kind']): PurchaseSummaryState {
  const auth = useAuth();
  const userId = auth.status === 'signedIn' ? auth.user?.uid : undefined;
  const [attempts, setAttempts] = useState(0);
  const query = useQuery({
    queryKey: queryKeys.purchaseSummary(userId ?? ''),
    queryFn: ({ signal }) => callApi('getPurchaseSummary', undefined, { signal }),
    enabled: userId !== undefined,
    staleTime: 0,
  });
  const arrived = query.data?.kind === expected ? query.data : null;
  const answered = query.data !== undefined || query.isError;
  const waiting = !arrived && !query.isError && attempts < SUMMARY_ATTEMPTS;
  const { refetch, isFetching } = query;

  useEffect(() => {
    if (!waiting || !answered || isFetching) return;
    const timer = setTimeout(() => {
      setAttempts((count) => count + 1);
      void refetch();
    }, SUMMARY_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [waiting, answered, isFetching, refetch]);

  return {
    summary: arrived,
    waiting,
    stillMissing: !arrived && !query.isError && attempts >= SUMMARY_ATTEMPTS,
    error: arrived ? null : query.error,
    retrying: query.isFetching,
    retry: () => {
      setAttempts(0);
      void refetch();
    },
  };
}
