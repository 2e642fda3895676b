import type { FeedSiteDefinition } from '../types';

/** LinkedIn's main feed at /feed; single posts (/feed/update/…), jobs, messages and profiles stay. */
export const linkedin: FeedSiteDefinition = {
  site: 'linkedin',
  matches: ['*://*.linkedin.com/*'],
  feeds: [
    {
      id: 'main-feed',
      paths: ['^/feed/?$'],
      selectors: [
        'main[aria-label="Main Feed" i] [data-finite-scroll-hotkey-context="FEED"]',
        '[data-finite-scroll-hotkey-context="FEED"]',
        '[data-testid="mainFeed"]',
        'main .scaffold-finite-scroll',
        '.feed-shared-update-v2',
      ],
    },
  ],
};
