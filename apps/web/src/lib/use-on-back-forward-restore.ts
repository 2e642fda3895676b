import { useEffect, useRef } from 'react';

/**
 * Runs `onRestore` when the browser brings this page back from its back/forward cache, e.g. after
 * the person left for checkout or a billing portal and pressed Back. The page is then exactly as
 * it was left, often busy leaving; the callback puts it back to rest.
 */
export function useOnBackForwardRestore(onRestore: () => void): void {
  const latest = useRef(onRestore);
  latest.current = onRestore;
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) latest.current();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);
}
