import { localUserDay, QUOTES } from '@stillpoint/core';
import { browser } from 'wxt/browser';
import { STORAGE_KEYS } from '../storage-keys';
import { startFeedblock } from './runtime';
import type { FeedSiteDefinition } from './types';

/**
 * One quote a day, the same on every site, so the note reads as calm rather than as a slot machine.
 * The day is the person's own (core's userDay in this browser's zone), so it turns at their midnight.
 */
function quoteOfTheDay(now: Date) {
  const day = localUserDay(now);
  const quote = QUOTES[day % QUOTES.length] ?? QUOTES[0];
  return { quote: quote?.quote ?? '', author: quote?.author ?? '' };
}

/** The content script of one feedblocking site, wired to chrome.storage. */
export function runFeedblockContentScript(site: FeedSiteDefinition): void {
  startFeedblock(site, {
    document,
    location: window.location,
    quote: quoteOfTheDay(new Date()),
    readSettings: async () => (await browser.storage.local.get(STORAGE_KEYS.settings))[STORAGE_KEYS.settings],
    onSettingsChange: (callback) =>
      browser.storage.onChanged.addListener((changes, area) => {
        const change = changes[STORAGE_KEYS.settings];
        if (area === 'local' && change) callback(change.newValue);
      }),
  });
}
