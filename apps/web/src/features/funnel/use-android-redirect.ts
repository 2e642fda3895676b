import { linkPlatform } from '@stillpoint/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useBrowserValue } from '../../lib/first-screen';
import { queryKeys } from '../../lib/query-keys';

export type AndroidRedirect =
  | { status: 'notAndroid' }
  /** On the way to the Play Store; `url` is known once the store page has been read. */
  | { status: 'redirecting'; url: string | null }
  /** The store page could not be read: the funnel carries on here. */
  | { status: 'unavailable' };

/** Leaving for the store; an object so tests can watch it (jsdom cannot navigate). */
export const androidRedirect = {
  go(url: string): void {
    window.location.replace(url);
  },
};

/** Android visitors are sent to the Play Store (SPEC §2): the app is where they will use Stillpoint. */
export function useAndroidRedirect(): AndroidRedirect {
  // The first screen drawn at build time is the funnel's; an Android visitor leaves it once the
  // app has taken it over.
  const android = useBrowserValue(() => linkPlatform(navigator.userAgent) === 'android', false);
  // The API client is loaded only for the visitor who needs the store page: everyone else's
  // first screen does without it.
  const links = useQuery({
    queryKey: queryKeys.appLinks(),
    queryFn: async ({ signal }) => (await import('../../lib/app-links')).fetchAppLinks(signal),
    staleTime: Number.POSITIVE_INFINITY,
    enabled: android,
  });
  // The store links are shared with other queries (the download step reads them too): only an
  // Android visitor is sent away.
  const url = android ? (links.data?.playStoreUrl ?? null) : null;
  useEffect(() => {
    if (url) androidRedirect.go(url);
  }, [url]);

  if (!android) return { status: 'notAndroid' };
  if (links.isError) return { status: 'unavailable' };
  return { status: 'redirecting', url };
}
