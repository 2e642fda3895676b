import type { FeedSiteDefinition } from '../types';

/** Facebook's News Feed and Stories on the home page; groups, profiles and Messenger stay. */
export const facebook: FeedSiteDefinition = {
  site: 'facebook',
  matches: ['*://*.facebook.com/*'],
  feeds: [
    {
      id: 'news-feed',
      paths: ['^/$', '^/home\\.php'],
      selectors: [
        '[role="main"] [role="feed"]',
        '[role="feed"]',
        '[data-pagelet^="FeedUnit"]',
        '[data-pagelet="Stories"]',
        '[aria-label="Stories" i]',
        '#stream_pagelet',
      ],
    },
  ],
};
