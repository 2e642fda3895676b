import type { FeedSiteDefinition } from '../types';

/**
 * YouTube's home feed (and its Shorts shelf) and the recommendations beside a video. Search,
 * subscriptions, the player and comments stay. YouTube is built of custom elements, which are
 * its most stable hooks; m.youtube.com has its own (ytm-*).
 */
export const youtube: FeedSiteDefinition = {
  site: 'youtube',
  matches: ['*://*.youtube.com/*'],
  feeds: [
    {
      id: 'home',
      paths: ['^/$', '^/feed/trending'],
      selectors: [
        'ytd-browse[page-subtype="home"] ytd-rich-grid-renderer',
        'ytd-browse[page-subtype="trending"] ytd-section-list-renderer',
        'ytd-rich-shelf-renderer[is-shorts]',
        'ytm-browse ytm-rich-grid-renderer',
        'ytd-browse[page-subtype="home"] #contents',
      ],
    },
    {
      id: 'recommendations',
      paths: ['^/watch'],
      selectors: [
        'ytd-watch-next-secondary-results-renderer',
        'ytm-item-section-renderer[section-identifier="related-items"]',
        'ytd-watch-flexy #related',
      ],
    },
    {
      id: 'shorts',
      paths: ['^/shorts'],
      selectors: ['ytd-shorts', 'ytm-shorts-lockup-view-model', '#shorts-container'],
    },
  ],
};
