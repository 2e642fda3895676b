// @vitest-environment jsdom
import { DEFAULT_FEEDBLOCKING_SETTINGS, FEEDBLOCKING_SITES } from '@stillpoint/core';
import { afterEach, describe, expect, it } from 'vitest';
import { FEEDS_ATTRIBUTE, NOTE_TAG, STATE_ATTRIBUTE, STYLE_ID } from './css';
import { startFeedblock } from './runtime';
import { FEED_SITES } from './sites';
import { reddit } from './sites/reddit';
import { twitter } from './sites/twitter';
import { youtube } from './sites/youtube';
import type { FeedSiteDefinition } from './types';

/** Whether the page's stylesheets hide `element` (or an ancestor), as a browser would apply them. */
function hiddenByStylesheet(element: Element): boolean {
  for (const sheet of Array.from(document.styleSheets)) {
    for (const rule of Array.from(sheet.cssRules) as CSSStyleRule[]) {
      if (rule.style?.display !== 'none') continue;
      for (let node: Element | null = element; node; node = node.parentElement) {
        if (node.matches(rule.selectorText)) return true;
      }
    }
  }
  return false;
}

const running: { stop(): void }[] = [];

function page(pathname: string, body: string) {
  document.documentElement.innerHTML = `<head></head><body>${body}</body>`;
  for (const name of [FEEDS_ATTRIBUTE, STATE_ATTRIBUTE]) document.documentElement.removeAttribute(name);
  const location = { pathname };
  const listeners: ((value: unknown) => void)[] = [];
  let stored: unknown;
  let resolveRead: (value: unknown) => void = () => {};
  const read = new Promise((resolve) => {
    resolveRead = resolve;
  });
  return {
    location,
    /** Starts feed blocking; stored settings arrive when `deliver` is called. */
    start(site: FeedSiteDefinition) {
      const blocker = startFeedblock(site, {
        document,
        location,
        quote: { quote: 'Wherever you are, be all there.', author: 'Jim Elliot' },
        readSettings: () => read,
        onSettingsChange: (callback) => listeners.push(callback),
        every: () => {},
      });
      running.push(blocker);
      return blocker;
    },
    async deliver(settings: unknown) {
      stored = settings;
      resolveRead(stored);
      await read;
      await Promise.resolve();
    },
    change(settings: unknown) {
      for (const listener of listeners) listener(settings);
    },
  };
}

const flushObserver = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  for (const blocker of running.splice(0)) blocker.stop();
  document.getElementById(STYLE_ID)?.remove();
});

const YOUTUBE_HOME = `
  <ytd-masthead><input aria-label="Search"></ytd-masthead>
  <ytd-browse page-subtype="home"><ytd-rich-grid-renderer id="feed"><a>video</a></ytd-rich-grid-renderer></ytd-browse>`;

describe('feed blocking in the page', () => {
  it('hides the feed before the settings are even read, and keeps the rest of the page', () => {
    const youtubePage = page('/', YOUTUBE_HOME);
    youtubePage.start(youtube);
    expect(document.getElementById(STYLE_ID)?.parentElement).toBe(document.documentElement);
    expect(hiddenByStylesheet(document.getElementById('feed') as Element)).toBe(true);
    expect(hiddenByStylesheet(document.querySelector('input') as Element)).toBe(false);
  });

  it('shows the feed when the setting is off, and follows changes without a reload', async () => {
    const youtubePage = page('/', YOUTUBE_HOME);
    const blocker = youtubePage.start(youtube);
    await youtubePage.deliver({ ...DEFAULT_FEEDBLOCKING_SETTINGS, youtubeFeedblocking: false });
    const feed = document.getElementById('feed') as Element;
    expect(hiddenByStylesheet(feed)).toBe(false);
    expect(blocker.notes()).toHaveLength(0);

    youtubePage.change({ ...DEFAULT_FEEDBLOCKING_SETTINGS, youtubeFeedblocking: true });
    expect(hiddenByStylesheet(feed)).toBe(true);
    expect(blocker.notes()).toHaveLength(1);
    youtubePage.change({ ...DEFAULT_FEEDBLOCKING_SETTINGS, youtubeFeedblocking: false });
    expect(hiddenByStylesheet(feed)).toBe(false);
    expect(document.querySelector(NOTE_TAG)).toBeNull();
  });

  it("only follows its own site's switch; missing or damaged settings block", async () => {
    const youtubePage = page('/', YOUTUBE_HOME);
    youtubePage.start(youtube);
    await youtubePage.deliver({ redditFeedblocking: false, youtubeFeedblocking: 'no' });
    expect(document.documentElement.getAttribute(STATE_ATTRIBUTE)).toBe('on');
    expect(hiddenByStylesheet(document.getElementById('feed') as Element)).toBe(true);
  });

  it('puts a calm note with a quote in the feed’s place', async () => {
    const youtubePage = page('/', YOUTUBE_HOME);
    youtubePage.start(youtube);
    await youtubePage.deliver(DEFAULT_FEEDBLOCKING_SETTINGS);
    const note = document.querySelector(NOTE_TAG);
    expect(note?.nextElementSibling?.id).toBe('feed');
    expect(note?.shadowRoot?.textContent).toContain('Your feed is resting');
    expect(note?.shadowRoot?.textContent).toContain('Wherever you are, be all there.');
    expect(hiddenByStylesheet(note as Element)).toBe(false);
  });

  it('follows in-app navigation: the feed appears on a later page, then the path leaves the feed', async () => {
    const xPage = page('/explore', '<div data-testid="primaryColumn"><p id="search">Explore</p></div>');
    xPage.start(twitter);
    await xPage.deliver(DEFAULT_FEEDBLOCKING_SETTINGS);
    expect(document.querySelector(NOTE_TAG)).toBeNull();

    // The app pushes /home and renders the timeline.
    xPage.location.pathname = '/home';
    document
      .querySelector('[data-testid="primaryColumn"]')
      ?.insertAdjacentHTML(
        'beforeend',
        '<section role="region" id="timeline"><div data-testid="cellInnerDiv">post</div></section>',
      );
    await flushObserver();
    expect(document.documentElement.getAttribute(FEEDS_ATTRIBUTE)).toContain('home-timeline');
    expect(hiddenByStylesheet(document.getElementById('timeline') as Element)).toBe(true);
    expect(document.querySelector(NOTE_TAG)?.nextElementSibling?.id).toBe('timeline');

    // On to a profile: the same markup is not the home feed there.
    xPage.location.pathname = '/someone';
    document.getElementById('search')?.append(' ');
    await flushObserver();
    expect(hiddenByStylesheet(document.getElementById('timeline') as Element)).toBe(false);
    expect(document.querySelector(NOTE_TAG)).toBeNull();
  });

  it('falls back to later selectors when the first ones are gone, and hides the outermost match', async () => {
    const redditPage = page(
      '/',
      '<div id="outer" class="ListingLayout-outerContainer"><div id="list" data-testid="posts-list"></div></div>',
    );
    redditPage.start(reddit);
    await redditPage.deliver(DEFAULT_FEEDBLOCKING_SETTINGS);
    expect(hiddenByStylesheet(document.getElementById('list') as Element)).toBe(true);
    expect(document.querySelector(NOTE_TAG)?.nextElementSibling?.id).toBe('outer');
  });

  it('adopts a note an earlier copy of the script left instead of doubling it', async () => {
    const youtubePage = page('/', YOUTUBE_HOME);
    const first = youtubePage.start(youtube);
    const second = youtubePage.start(youtube);
    await youtubePage.deliver(DEFAULT_FEEDBLOCKING_SETTINGS);
    first.reconcile();
    second.reconcile();
    await flushObserver();
    expect(document.querySelectorAll(NOTE_TAG)).toHaveLength(1);
  });

  it('puts its stylesheet back if the page removes it', async () => {
    const youtubePage = page('/', YOUTUBE_HOME);
    youtubePage.start(youtube);
    document.getElementById(STYLE_ID)?.remove();
    document.body.append(document.createElement('div'));
    await flushObserver();
    expect(document.getElementById(STYLE_ID)).not.toBeNull();
  });
});

describe('the selectors data of the six sites', () => {
  it('covers exactly the six feedblocking sites, twitter on both x.com and twitter.com', () => {
    expect(Object.keys(FEED_SITES).sort()).toEqual([...FEEDBLOCKING_SITES].sort());
    expect(twitter.matches).toEqual(expect.arrayContaining(['*://*.x.com/*', '*://*.twitter.com/*']));
  });

  it('has only selectors and paths a browser can parse, with fallbacks for every feed', () => {
    for (const site of Object.values(FEED_SITES)) {
      for (const feed of site.feeds) {
        expect(feed.selectors.length, `${site.site}/${feed.id}`).toBeGreaterThan(1);
        for (const selector of feed.selectors) expect(() => document.querySelector(selector)).not.toThrow();
        for (const path of feed.paths) expect(() => new RegExp(path)).not.toThrow();
      }
    }
  });
});
