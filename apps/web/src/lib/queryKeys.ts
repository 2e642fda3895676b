/**
 * TanStack Query keys for server data that more than one feature reads (the home page and the
 * breathe page both read sites). Invalidate with the prefix (e.g. queryKeys.sites()) to refresh
 * every day's copy.
 */
export const queryKeys = {
  sites: (userDay?: number) => (userDay === undefined ? ['sites'] : ['sites', userDay]),
  feedblockingSettings: () => ['feedblockingSettings'],
  profile: () => ['profile'],
  mobileApps: (userDay?: number) => (userDay === undefined ? ['mobileApps'] : ['mobileApps', userDay]),
  supportedApps: () => ['supportedApps'],
  quotes: () => ['quotes'],
} as const;
