import type { FeedSiteDefinition } from '../types';

/**
 * Reddit's front page and r/popular and r/all (new Reddit's shreddit-* elements, and old
 * Reddit's #siteTable). Subreddits you chose, posts, search and messages stay.
 */
export const reddit: FeedSiteDefinition = {
  site: 'reddit',
  matches: ['*://*.reddit.com/*'],
  feeds: [
    {
      id: 'front-page',
      paths: ['^/$', '^/(best|hot|new|top|rising)/?$', '^/r/(popular|all)(/|$)'],
      selectors: [
        '[role="feed"]',
        '[data-testid="posts-list"]',
        'shreddit-feed',
        'shreddit-gallery-carousel',
        '#siteTable',
        '.ListingLayout-outerContainer',
      ],
    },
  ],
};
