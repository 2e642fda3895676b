import { localUserDay } from '@stillpoint/core';
import { feedblockingSettingsQuery } from '../../lib/feedblocking';
import type { PagePrefetch } from '../../lib/pagePrefetch';
import { sitesQuery } from '../../lib/sites/sitesQuery';
import { insightsQuery } from './insights/useInsights';
import { profileQuery } from './profile/useProfile';
import { prepareTodayLabel } from './today';

/** What home shows first: it is asked for while the session and the subscription are checked. */
export const homePrefetch: PagePrefetch = {
  prefetch(queryClient) {
    const userDay = localUserDay(new Date());
    void queryClient.prefetchQuery(profileQuery(userDay));
    void queryClient.prefetchQuery(sitesQuery(userDay));
    void queryClient.prefetchQuery(feedblockingSettingsQuery());
    void queryClient.prefetchQuery(insightsQuery(userDay));
    prepareTodayLabel();
  },
};
