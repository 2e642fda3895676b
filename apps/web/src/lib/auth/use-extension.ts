import { EXTENSION_POLL_MS } from '@stillpoint/core';
import { useQuery } from '@tanstack/react-query';
import { pulseCheck } from '../extension/actions';
import { queryKeys } from '../query-keys';
import { useAuth } from './auth-context';
import { linkExtension } from './extension-link';

export type ExtensionStatus = 'checking' | 'installed' | 'missing';

/**
 * Whether the Stillpoint extension is installed in this browser. With `poll`, a missing extension
 * is looked for again every EXTENSION_POLL_MS (SPEC §4), also while the person is away in the
 * Chrome Web Store tab. An extension found signed out, or as someone else, is signed in as the
 * person here first, so it starts intercepting at once. While `enabled` is false nothing is asked
 * and the status stays 'checking'.
 */
export function useExtension({
  poll = false,
  enabled = true,
}: {
  poll?: boolean;
  enabled?: boolean;
} = {}): ExtensionStatus {
  const userId = useAuth().user?.uid ?? null;
  const query = useQuery({
    queryKey: queryKeys.extension(userId),
    queryFn: async () => {
      if (userId) {
        await linkExtension(userId).catch((error: unknown) =>
          console.warn('Could not sign the extension in.', error),
        );
      }
      return pulseCheck();
    },
    refetchInterval: (current) => (poll && current.state.data === null ? EXTENSION_POLL_MS : false),
    refetchIntervalInBackground: true,
    retry: false,
    enabled,
  });
  if (query.isPending) return 'checking';
  return query.data ? 'installed' : 'missing';
}
