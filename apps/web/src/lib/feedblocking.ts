import {
  FEEDBLOCKING_SITE_DOMAINS,
  FEEDBLOCKING_SITE_LABELS,
  FEEDBLOCKING_SITES,
  type FeedblockingSettingKey,
  type FeedblockingSettings,
  feedblockingSettingKey,
} from '@stillpoint/core';
import type { SwitchListItem } from '../ui/SwitchList';

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
