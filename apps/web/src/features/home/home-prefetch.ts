import { localUserDay } from '@stillpoint/core';
import { appsEndpoints } from '@stillpoint/core/api/schemas/apps';
import { insightsEndpoints } from '@stillpoint/core/api/schemas/insights';
import { profileEndpoints } from '@stillpoint/core/api/schemas/profile';
import { settingsEndpoints } from '@stillpoint/core/api/schemas/settings';
import { sitesEndpoints } from '@stillpoint/core/api/schemas/sites';
import { provideEndpoints } from '../../lib/api-registry';
import { feedblockingSettingsQuery } from '../../lib/feedblocking';
import type { PagePrefetch } from '../../lib/page-prefetch';
import { sitesQuery } from '../../lib/sites/sites-query';
import { insightsQuery } from './insights/use-insights';
import { mobileAppsQuery, supportedAppsQuery } from './phone/use-phone-use';
import { profileQuery } from './profile/use-profile';

// The schemas of home's first calls come with its code, so they load beside the entry chunk.
provideEndpoints(profileEndpoints, sitesEndpoints, settingsEndpoints, insightsEndpoints, appsEndpoints);

/**
 * What home shows: it is asked for while the session and the subscription are checked. The phone
 * card's data too, though the page does not wait for it: asked for only once the page had drawn,
 * its schemas and answers were the last link of a chain that the page's largest paint waited on.
 */
export const homePrefetch: PagePrefetch = {
  prefetch(queryClient) {
    const userDay = localUserDay(new Date());
    void queryClient.prefetchQuery(profileQuery(userDay));
    void queryClient.prefetchQuery(sitesQuery(userDay));
    void queryClient.prefetchQuery(feedblockingSettingsQuery());
    void queryClient.prefetchQuery(insightsQuery(userDay));
    void queryClient.prefetchQuery(mobileAppsQuery(userDay));
    void queryClient.prefetchQuery(supportedAppsQuery());
  },
};
