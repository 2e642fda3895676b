import { ApiError, type EndpointResponse, type endpoints } from '@stillpoint/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { callApi } from '../../lib/api';

export type GiftPurchase = EndpointResponse<(typeof endpoints)['getGiftPurchase']>;

/** How often a purchase the provider has not confirmed yet is asked about again. */
export const CONFIRM_POLL_MS = 2000;
/** How long the page keeps asking before it says the payment is not confirmed yet. */
export const CONFIRM_WAIT_MS = 30_000;

/**
 * Where the success page stands: still asking, paid (codes known), not confirmed within the wait,
 * no such purchase (a forged or mistyped address, or none at all), or the server not reached.
 */
export type GiftPurchasePhase = 'checking' | 'paid' | 'notConfirmed' | 'notFound' | 'failed';

/**
 * GET getGiftPurchase for the checkout and code the success address names. The webhook that
 * marks it paid may land after the buyer is back, so a pending purchase is asked about every
 * CONFIRM_POLL_MS until it is paid or CONFIRM_WAIT_MS have passed; `retry` starts the wait again.
 */
export function useGiftPurchase(lookup: { sessionId: string; redemptionCode: string } | null) {
  const [gaveUp, setGaveUp] = useState(false);
  const query = useQuery({
    queryKey: ['giftPurchase', lookup?.sessionId, lookup?.redemptionCode],
    queryFn: ({ signal }) => {
      if (!lookup) throw new Error('Nothing to look up.');
      return callApi('getGiftPurchase', lookup, { signal });
    },
    enabled: lookup !== null,
    refetchInterval: (current) =>
      current.state.data?.status === 'pending' && !gaveUp ? CONFIRM_POLL_MS : false,
  });

  const pending = query.data?.status === 'pending';
  useEffect(() => {
    if (!pending || gaveUp) return;
    const timer = setTimeout(() => setGaveUp(true), CONFIRM_WAIT_MS);
    return () => clearTimeout(timer);
  }, [pending, gaveUp]);

  return {
    phase: phaseOf(lookup !== null, query.data, query.error, gaveUp),
    purchase: query.data?.status === 'paid' ? query.data : null,
    retrying: query.isFetching,
    retry() {
      setGaveUp(false);
      void query.refetch();
    },
  };
}

function phaseOf(
  canLookUp: boolean,
  data: GiftPurchase | undefined,
  error: Error | null,
  gaveUp: boolean,
): GiftPurchasePhase {
  if (!canLookUp) return 'notFound';
  if (data?.status === 'paid') return 'paid';
  // 404: the code is not that checkout's; 400: the address could never name one. Either way the
  // page reveals nothing and shows no success.
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return 'notFound';
  if (error) return 'failed';
  if (data?.status === 'pending' && gaveUp) return 'notConfirmed';
  return 'checking';
}
