import type { FeedSiteDefinition } from '../types';

/**
 * Instagram's home feed, Explore grid and Reels. Direct messages, profiles and posting stay.
 * Instagram's class names are generated, so roles and element names are all there is.
 */
export const instagram: FeedSiteDefinition = {
  site: 'instagram',
  matches: ['*://*.instagram.com/*'],
  feeds: [
    {
      id: 'home',
      paths: ['^/$'],
      selectors: ['main[role="main"] [role="feed"]', 'main[role="main"] article', '[data-testid="feed"]'],
    },
    {
      id: 'explore',
      paths: ['^/explore/?$', '^/reels'],
      selectors: ['main[role="main"] section', 'main[role="main"] > div'],
    },
  ],
};
