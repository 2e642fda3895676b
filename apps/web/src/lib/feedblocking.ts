import {
  FEEDBLOCKING_SITE_DOMAINS,
  FEEDBLOCKING_SITE_LABELS,
  FEEDBLOCKING_SITES,
  type FeedblockingSettingKey,
  type FeedblockingSettings,
  feedblockingSettingKey,
} from '@stillpoint/core';
import { queryOptions } from '@tanstack/react-query';
import type { SwitchListItem } from '../ui/switch-list';
import { callApi } from './api';
import { queryKeys } from './query-keys';

/**
 * GET getBrowserSiteSettings: the six switches, or null before setup. Home and onboarding read it
 * through this one definition, so they share a cache entry.
 */
export const feedblockingSettingsQuery = () =>
  queryOptions({
    queryKey: queryKeys.feedblockingSettings(),
    queryFn: ({ signal }) => callApi('getBrowserSiteSettings', undefined, { signal }),
  });

/** The six feedblocking switches as rows for a SwitchList, in SPEC order. */
export const feedblockingSwitchItems = (
  settings: FeedblockingSettings,
): SwitchListItem<FeedblockingSettingKey>[] =>
  FEEDBLOCKING_SITES.map((site) => {
    const key = feedblockingSettingKey(site);
    const label = FEEDBLOCKING_SITE_LABELS[site];
    return {
      key,
      label,
      detail: FEEDBLOCKING_SITE_DOMAINS[site],
      checked: settings[key],
      switchLabel: `Feedblock ${label}`,
    };
  });
