import { localUserDay } from '@stillpoint/core';
import { feedblockingSettingsQuery } from '../../lib/feedblocking';
import { stepByStep } from '../../lib/next-task';
import type { PagePrefetch } from '../../lib/page-prefetch';
import { sitesQuery } from '../../lib/sites/sites-query';
import { insightsQuery } from './insights/use-insights';
import { mobileAppsQuery, supportedAppsQuery } from './phone/use-phone-use';
import { profileQuery } from './profile/use-profile';

/**
 * What home shows: it is asked for while the session and the subscription are checked. The phone
 * card's data too, though the page does not wait for it: asked for only once the page had drawn,
 * its schemas and answers were the last link of a chain that the page's largest paint waited on.
 * The calls' schemas are not imported here: each group loads as its first call goes out
 * (lib/api-registry.ts), beside the answer, and is built in a task of its own (decision 054).
 * Each call goes out in a task of its own too: the six in one came to a task of about 50 ms on a
 * 2-core machine, which a phone's slower processor makes four times as long.
 */
export const homePrefetch: PagePrefetch = {
  prefetch(queryClient) {
    const userDay = localUserDay(new Date());
    void stepByStep([
      () => void queryClient.prefetchQuery(profileQuery(userDay)),
      () => void queryClient.prefetchQuery(sitesQuery(userDay)),
      () => void queryClient.prefetchQuery(feedblockingSettingsQuery()),
      () => void queryClient.prefetchQuery(insightsQuery(userDay)),
      () => void queryClient.prefetchQuery(mobileAppsQuery(userDay)),
      () => void queryClient.prefetchQuery(supportedAppsQuery()),
    ]);
  },
};
