import { type QueryClient, useIsFetching } from '@tanstack/react-query';
import { startTransition, useEffect, useState } from 'react';
import { whenIdle } from './when-idle';

/** However busy the page stays (a query polling, one that keeps failing), this is the most it waits. */
export const AFTER_FIRST_SCREEN_CAP_MS = 5000;

/**
 * True once the first screen is complete: the page has loaded, no query is fetching (the page's
 * first data has come in) and the browser is idle, or at the latest AFTER_FIRST_SCREEN_CAP_MS after
 * the page loaded. What nobody needs for the first screen (the toast outlet, the cookie banner, the
 * legacy-data import) waits until then, so its files and work do not compete with the page's own.
 * Stays true once true. The change is a transition: what it mounts is drawn in slices, not in one
 * long task (decision 053).
 */
export function useAfterFirstScreen(queryClient?: QueryClient): boolean {
  const [done, setDone] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const fetching = useIsFetching({}, queryClient);

  useEffect(() => {
    if (loaded) return;
    if (document.readyState === 'complete') {
      setLoaded(true);
      return;
    }
    const onLoad = () => setLoaded(true);
    window.addEventListener('load', onLoad, { once: true });
    return () => window.removeEventListener('load', onLoad);
  }, [loaded]);

  useEffect(() => {
    if (done || !loaded) return;
    const cap = setTimeout(() => startTransition(() => setDone(true)), AFTER_FIRST_SCREEN_CAP_MS);
    return () => clearTimeout(cap);
  }, [done, loaded]);

  useEffect(() => {
    if (done || !loaded || fetching > 0) return;
    return whenIdle(() => startTransition(() => setDone(true)), { fallbackMs: 0 });
  }, [done, loaded, fetching]);

  return done;
}
