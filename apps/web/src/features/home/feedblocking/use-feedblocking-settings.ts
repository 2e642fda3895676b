import type { FeedblockingSettingKey, FeedblockingSettings } from '@stillpoint/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { track } from '../../../lib/analytics/track';
import { callApi } from '../../../lib/api';
import { clearBrowserSitesCache } from '../../../lib/extension/actions';
import { feedblockingSettingsQuery } from '../../../lib/feedblocking';
import { queryKeys } from '../../../lib/query-keys';
import { showErrorToast } from '../../../ui/toast';

const SETTINGS_MUTATION_KEY = ['feedblockingSettings', 'change'] as const;

/** GET getBrowserSiteSettings: the six switches, or null before setup. */
export function useFeedblockingSettings() {
  return useQuery(feedblockingSettingsQuery());
}

function setSetting(
  settings: FeedblockingSettings | null | undefined,
  key: FeedblockingSettingKey,
  enabled: boolean,
): FeedblockingSettings | null | undefined {
  return settings ? { ...settings, [key]: enabled } : settings;
}

/**
 * One switch: flips at once, is saved with POST updateBrowserSiteSettings, and flips back with
 * an error toast if the server refuses. Only that key is put back, so other switches changed
 * meanwhile keep their new state.
 */
export function useSetFeedblocking() {
  const queryClient = useQueryClient();
  const key = queryKeys.feedblockingSettings();
  return useMutation({
    mutationKey: SETTINGS_MUTATION_KEY,
    mutationFn: ({ setting, enabled }: { setting: FeedblockingSettingKey; enabled: boolean }) =>
      callApi('updateBrowserSiteSettings', { [setting]: enabled }),
    onMutate: async ({ setting, enabled }) => {
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<FeedblockingSettings | null>(key, (settings) =>
        setSetting(settings, setting, enabled),
      );
    },
    onSuccess: (_settings, { setting, enabled }) => {
      track('editFeedblocking', { setting, enabled });
      void clearBrowserSitesCache();
    },
    onError: (_error, { setting, enabled }) => {
      queryClient.setQueryData<FeedblockingSettings | null>(key, (settings) =>
        setSetting(settings, setting, !enabled),
      );
      showErrorToast();
    },
    onSettled: () => {
      if (queryClient.isMutating({ mutationKey: SETTINGS_MUTATION_KEY }) > 1) return;
      return queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
