import type { FeedblockingSite } from '@stillpoint/core';

/**
 * One feed on a site: the elements to hide and where. Selectors are listed most durable first:
 * ARIA roles and labels, then data-testid and similar test hooks, then the site's own custom
 * elements and ids, and generated class names only as a last resort, since these sites change
 * their markup often. All of them are hidden; the note goes before the first one found.
 */
export interface FeedDefinition {
  /** A short id, used in the page's data-stillpoint-feeds attribute. */
  id: string;
  /** Paths (regular-expression sources, matched against location.pathname) where this feed is shown. */
  paths: string[];
  selectors: string[];
  /** Whether a calm note takes the feed's place (default true); side panels go quietly. */
  note?: boolean;
}

export interface FeedSiteDefinition {
  site: FeedblockingSite;
  /** Content-script match patterns. */
  matches: string[];
  feeds: FeedDefinition[];
}
