import type { FeedSiteDefinition } from '../types';

/**
 * X (twitter.com and x.com): the home timeline and the trends beside it. Posting, search,
 * profiles, notifications and messages stay. X marks its layout with data-testid.
 */
export const twitter: FeedSiteDefinition = {
  site: 'twitter',
  matches: ['*://*.x.com/*', '*://*.twitter.com/*'],
  feeds: [
    {
      id: 'home-timeline',
      paths: ['^/home'],
      selectors: [
        '[data-testid="primaryColumn"] section[role="region"]',
        '[aria-label^="Timeline: Your Home Timeline" i]',
        '[data-testid="primaryColumn"] [data-testid="cellInnerDiv"]',
      ],
    },
    {
      id: 'trends',
      paths: ['.*'],
      note: false,
      selectors: [
        '[data-testid="sidebarColumn"] section[role="region"]:has([data-testid="trend"])',
        '[aria-label^="Timeline: Trending now" i]',
        '[data-testid="trend"]',
      ],
    },
  ],
};
