import type { FeedDefinition, FeedSiteDefinition } from './types';

/** On <html>: the ids of the feeds the current path shows, space-separated. */
export const FEEDS_ATTRIBUTE = 'data-stillpoint-feeds';
/** On <html>: 'off' when the person turned this site's feedblocking off; anything else blocks. */
export const STATE_ATTRIBUTE = 'data-stillpoint-feedblock';
/** The element that takes a hidden feed's place (a custom element name, so no site selector hits it). */
export const NOTE_TAG = 'stillpoint-note';
export const STYLE_ID = 'stillpoint-feedblock-style';

/** The feeds whose paths include `pathname`. */
export function activeFeeds(site: FeedSiteDefinition, pathname: string): FeedDefinition[] {
  return site.feeds.filter((feed) => feed.paths.some((path) => new RegExp(path).test(pathname)));
}

/**
 * The site's stylesheet. It hides every feed selector unless feedblocking is known to be off, so
 * a feed is hidden from the first paint, before the stored settings have even been read.
 * `:is()` forgives selectors a browser does not understand, so one stale selector cannot void
 * the others.
 */
export function feedblockCss(site: FeedSiteDefinition): string {
  const rules = site.feeds.map(
    (feed) =>
      `:root[${FEEDS_ATTRIBUTE}~="${feed.id}"]:not([${STATE_ATTRIBUTE}="off"]) :is(${feed.selectors.join(', ')}) ` +
      '{ display: none !important; }',
  );
  rules.push(`:root[${STATE_ATTRIBUTE}="off"] ${NOTE_TAG} { display: none !important; }`);
  return rules.join('\n');
}
