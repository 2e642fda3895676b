import { type AppLinks, linkPlatform, type SignInMethod } from '@stillpoint/core';
import { useQuery } from '@tanstack/react-query';
import { callApi } from './api';
import { appLinksQuery } from './app-links';

export interface StoreDeepLink {
  /** The short link to send the person to; null while it is being made. */
  url: string | null;
  /** It could not be made: the store page of this device, or this site, is used instead. */
  failed: boolean;
}

/** Where the link would have sent this browser, for when it cannot be made (same rule as the server's). */
function fallbackFor(links: AppLinks | undefined): string {
  const home = `${window.location.origin}/`;
  switch (linkPlatform(navigator.userAgent)) {
    case 'ios':
      return links?.appStoreUrl ?? home;
    case 'android':
      return links?.playStoreUrl ?? home;
    default:
      return home;
  }
}

/**
 * A deep link to the mobile app for the signed-in person (SPEC §7): the App Store on iOS, the
 * Play Store on Android, this site on a computer. Made once per page visit, when `enabled`.
 */
export function useStoreDeepLink(enabled: boolean, suggestedAuthMethod?: SignInMethod): StoreDeepLink {
  const links = useQuery({ ...appLinksQuery(), enabled });
  const link = useQuery({
    queryKey: ['deepLink', suggestedAuthMethod ?? null],
    queryFn: () =>
      callApi('createDeepLink', {
        desktopUrl: `${window.location.origin}/`,
        iosUrl: links.data?.appStoreUrl ?? '',
        ...(suggestedAuthMethod ? { suggestedAuthMethod } : {}),
      }),
    enabled: enabled && links.data !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: 2,
  });
  if (link.data) return { url: link.data.url, failed: false };
  if (links.isError || link.isError) return { url: fallbackFor(links.data), failed: true };
  return { url: null, failed: false };
}
