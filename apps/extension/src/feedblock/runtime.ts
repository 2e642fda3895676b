import { feedblockingSettingKey } from '@stillpoint/core';
import { readFeedblockingSettings } from '../storage-keys';
import { activeFeeds, FEEDS_ATTRIBUTE, feedblockCss, NOTE_TAG, STATE_ATTRIBUTE, STYLE_ID } from './css';
import { createNote, type NoteQuote } from './note';
import type { FeedDefinition, FeedSiteDefinition } from './types';

export interface FeedblockEnvironment {
  document: Document;
  location: { pathname: string };
  /** The stored feedblocking settings (any shape; unreadable means every feed blocked). */
  readSettings(): Promise<unknown>;
  /** Calls back with the new stored settings whenever they change. */
  onSettingsChange(callback: (value: unknown) => void): void;
  quote: NoteQuote;
  /** For URL changes that touch no DOM; the default polls once a second. */
  every?(callback: () => void, ms: number): void;
}

/** Matches that fail to parse (a selector a browser version does not know) count as no match. */
function safeQuery(root: ParentNode, selector: string): Element | null {
  try {
    return root.querySelector(selector);
  } catch {
    return null;
  }
}
function safeMatches(element: Element, selector: string): boolean {
  try {
    return element.matches(selector);
  } catch {
    return false;
  }
}

/** The outermost element of the feed: the first selector (in priority order) that finds one, widened to any matching ancestor. */
export function findFeed(document: Document, feed: FeedDefinition): Element | null {
  let found: Element | null = null;
  for (const selector of feed.selectors) {
    found = safeQuery(document, selector);
    if (found) break;
  }
  if (!found) return null;
  for (let parent = found.parentElement; parent; parent = parent.parentElement) {
    if (feed.selectors.some((selector) => safeMatches(parent, selector))) found = parent;
  }
  return found;
}

/**
 * Feed blocking on one of the six sites, started at document_start. Synchronously, before the
 * page has any content: the stylesheet goes in and the current path's feeds are named on <html>,
 * so the feed is hidden from its first paint. Then the stored setting decides ('off' reveals it),
 * and changes to it apply at once, without a reload. In-app navigation is followed by watching
 * the DOM and the URL; a calm note takes the place of each hidden feed.
 */
export function startFeedblock(site: FeedSiteDefinition, env: FeedblockEnvironment) {
  const { document } = env;
  const root = document.documentElement;
  const settingKey = feedblockingSettingKey(site.site);
  let path = '';
  let feeds: FeedDefinition[] = [];
  const notes = new Map<string, HTMLElement>();

  const style = document.createElement('style');
  style.id = STYLE_ID;
  style.textContent = feedblockCss(site);

  const blocking = () => root.getAttribute(STATE_ATTRIBUTE) !== 'off';

  function followPath() {
    if (env.location.pathname === path) return;
    path = env.location.pathname;
    feeds = activeFeeds(site, path);
    root.setAttribute(FEEDS_ATTRIBUTE, feeds.map((feed) => feed.id).join(' '));
  }

  const isNote = (element: Element | null): element is HTMLElement => element?.localName === NOTE_TAG;

  /** The element after `note`, skipping other notes (another copy of this script may have put one there). */
  function feedAfter(note: Element): Element | null {
    let next = note.nextElementSibling;
    while (isNote(next)) next = next.nextElementSibling;
    return next;
  }

  function placeNotes() {
    const wanted = new Set<string>();
    if (blocking()) {
      for (const feed of feeds) {
        if (feed.note === false) continue;
        const existing = notes.get(feed.id);
        // Cheap path while nothing moved: the note still sits right before a matching feed.
        const next = existing?.isConnected ? feedAfter(existing) : null;
        if (next && feed.selectors.some((selector) => safeMatches(next, selector))) {
          wanted.add(feed.id);
          continue;
        }
        const target = findFeed(document, feed);
        if (!target?.parentNode) continue;
        wanted.add(feed.id);
        // A note already in place (left by an earlier copy of this script) is adopted, not doubled.
        const before = target.previousElementSibling;
        if (isNote(before)) {
          if (existing && existing !== before) existing.remove();
          notes.set(feed.id, before);
          continue;
        }
        const note = existing ?? createNote(document, env.quote);
        target.parentNode.insertBefore(note, target);
        notes.set(feed.id, note);
      }
    }
    for (const [id, note] of notes) {
      if (wanted.has(id)) continue;
      note.remove();
      notes.delete(id);
    }
  }

  function reconcile() {
    followPath();
    // Some pages rebuild <head> or <html>'s children; the stylesheet must stay.
    if (!style.isConnected) root.appendChild(style);
    placeNotes();
  }

  function applySettings(value: unknown) {
    const on = readFeedblockingSettings(value)[settingKey];
    root.setAttribute(STATE_ATTRIBUTE, on ? 'on' : 'off');
    reconcile();
  }

  root.appendChild(style);
  followPath();

  const observer = new (document.defaultView?.MutationObserver ?? MutationObserver)(reconcile);
  observer.observe(root, { childList: true, subtree: true });
  env.onSettingsChange(applySettings);
  const every = env.every ?? ((callback, ms) => setInterval(callback, ms));
  every(reconcile, 1000);
  void env.readSettings().then(applySettings, () => applySettings(undefined));

  return {
    reconcile,
    notes: () => [...notes.values()],
    /** Stops watching the page (tests; a page keeps its blocker for its lifetime). */
    stop: () => observer.disconnect(),
  };
}
