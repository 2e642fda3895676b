import { localUserDay } from '@stillpoint/core';
import { insightsEndpoints } from '@stillpoint/core/api/schemas/insights';
import { profileEndpoints } from '@stillpoint/core/api/schemas/profile';
import { settingsEndpoints } from '@stillpoint/core/api/schemas/settings';
import { sitesEndpoints } from '@stillpoint/core/api/schemas/sites';
import { provideEndpoints } from '../../lib/apiRegistry';
import { feedblockingSettingsQuery } from '../../lib/feedblocking';
import type { PagePrefetch } from '../../lib/pagePrefetch';
import { sitesQuery } from '../../lib/sites/sitesQuery';
import { insightsQuery } from './insights/useInsights';
import { profileQuery } from './profile/useProfile';

// The schemas of home's first calls come with its code, so they load beside the entry chunk.
provideEndpoints(profileEndpoints, sitesEndpoints, settingsEndpoints, insightsEndpoints);

/** What home shows first: it is asked for while the session and the subscription are checked. */
export const homePrefetch: PagePrefetch = {
  prefetch(queryClient) {
    const userDay = localUserDay(new Date());
    void queryClient.prefetchQuery(profileQuery(userDay));
    void queryClient.prefetchQuery(sitesQuery(userDay));
    void queryClient.prefetchQuery(feedblockingSettingsQuery());
    void queryClient.prefetchQuery(insightsQuery(userDay));
  },
};
