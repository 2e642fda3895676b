import type { SignInMethod } from '@stillpoint/core';
import { useQuery } from '@tanstack/react-query';
import { callApi } from './api';
import { appLinksQuery } from './appLinks';

export interface StoreDeepLink {
  /** The short link to send the person to; null while it is being made. */
  url: string | null;
  /** It could not be made: the App Store page is used instead, when known. */
  failed: boolean;
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
  if (links.isError) return { url: null, failed: true };
  if (link.isError) return { url: links.data?.appStoreUrl ?? null, failed: true };
  return { url: null, failed: false };
}
