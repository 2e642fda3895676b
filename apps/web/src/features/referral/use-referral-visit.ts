import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { type MouseEvent, useEffect, useRef, useState } from 'react';
import { track } from '../../lib/analytics/track';
import { callApi } from '../../lib/api';
import type { Store } from '../../lib/store-badges/stores';
import { storeRedirect } from './store-redirect';

/**
 * The longest a visitor waits, after pressing a store badge, for the press to be recorded. The
 * store opens then whatever the server did: a referral count is never worth a stuck button.
 */
export const CLICK_RECORD_WAIT_MS = 2000;

const referralViewQuery = (referringUserId: string) =>
  queryOptions({
    queryKey: ['referralView', referringUserId],
    queryFn: () => callApi('viewAppReferral', { referringUserId }),
    // One view per visit: never asked again (on focus, on reconnect, or by a retry whose first
    // try may have been stored already, which would count the visit twice).
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

const wait = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

/** A press that opens the link its own way (new tab or window): this page stays, nothing to take over. */
const opensElsewhere = (event: MouseEvent) =>
  event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;

/**
 * The referral landing's two records (SPEC §7): the visit, once on load when the address names who
 * shared it, and a press on a store badge, which goes to the store once recorded. Without the
 * sharer's id the page still works and the missing id is logged (SPEC §8). Neither call failing
 * keeps anyone from the store.
 */
export function useReferralVisit(referringUserId: string | null) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Store | null>(null);

  useQuery({ ...referralViewQuery(referringUserId ?? ''), enabled: referringUserId !== null });

  // Once per page, also under StrictMode's second effect run.
  const logged = useRef(false);
  useEffect(() => {
    if (referringUserId !== null || logged.current) return;
    logged.current = true;
    track('error', { location: 'referral link', message: 'sharedByUserId is missing' });
  }, [referringUserId]);

  const recordClick = async (): Promise<void> => {
    if (referringUserId === null) return;
    const query = referralViewQuery(referringUserId);
    // A view that failed has no id to tie the press to; asking again now would count a second view.
    if (queryClient.getQueryState(query.queryKey)?.status === 'error') return;
    try {
      // The view's id: known already, or its call still on the way (a fast press) and awaited.
      const { id } = await queryClient.fetchQuery(query);
      await callApi(
        'clickedDownloadFromAppReferral',
        { referralViewId: id },
        { timeoutMs: CLICK_RECORD_WAIT_MS },
      );
    } catch {
      // callApi has logged a refusal; the visitor goes to the store all the same.
    }
  };

  const onPress = (event: MouseEvent<HTMLAnchorElement>, store: Store, url: string) => {
    if (opensElsewhere(event)) {
      void recordClick();
      return;
    }
    event.preventDefault();
    if (pending) return;
    setPending(store);
    void Promise.race([recordClick(), wait(CLICK_RECORD_WAIT_MS)]).then(() => {
      storeRedirect.open(url);
      // Back from the store (the page may be restored as it was), the badge is ready again.
      setPending(null);
    });
  };

  return { onPress, pending };
}
