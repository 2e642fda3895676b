import {
  DEFAULT_SITE_BUDGET,
  FEEDBLOCKING_SITES,
  feedblockingSettingKey,
  type LegacyData,
  MAX_LEGACY_IMPORT_SITES,
  MAX_SITE_BUDGET,
  MIN_SITE_BUDGET,
  normaliseSiteOrigin,
  parseBudget,
  siteMatchKey,
} from '@stillpoint/core';
import type { Platform } from './platform/types';
import type { Store } from './store';

/**
 * The version of the extension from before accounts kept the person's choices at the top level
 * of chrome.storage.local (docs/extension.md "Data from before accounts"):
 *
 *   customSites:       [{ url: 'https://www.youtube.com/', dailyLimit: 3 }, ...]
 *   feedblockingSites: { facebook: true, youtube: false, ... }   (any of the six sites)
 *
 * This converts them into `legacyData` ({ customSites: [{ siteOrigin, budget }],
 * feedblockingSites: { facebookFeedblocking, ... } }), which GET_LEGACY_DATA answers and the web
 * app imports into the account.
 */

type LegacySite = LegacyData['customSites'][number];
type LegacySwitches = LegacyData['feedblockingSites'];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A daily limit as a budget: whole, within core's budget range; the default when unreadable. */
export function budgetFromDailyLimit(dailyLimit: unknown): number {
  const limit =
    typeof dailyLimit === 'number'
      ? Math.trunc(dailyLimit)
      : typeof dailyLimit === 'string'
        ? parseBudget(dailyLimit)
        : Number.NaN;
  if (!Number.isFinite(limit)) return DEFAULT_SITE_BUDGET;
  return Math.min(MAX_SITE_BUDGET, Math.max(MIN_SITE_BUDGET, limit));
}

/**
 * The sites after `kept` (already converted), one per site by core's siteMatchKey, entries with no
 * readable site skipped, at most what one import takes.
 */
export function convertSites(previous: unknown, kept: LegacySite[]): LegacySite[] {
  const sites = [...kept];
  const seen = new Set(kept.map((site) => siteMatchKey(site.siteOrigin)));
  for (const entry of Array.isArray(previous) ? previous : []) {
    if (!isRecord(entry) || typeof entry.url !== 'string') continue;
    const siteOrigin = normaliseSiteOrigin(entry.url);
    if (siteOrigin === null || seen.has(siteMatchKey(siteOrigin))) continue;
    seen.add(siteMatchKey(siteOrigin));
    sites.push({ siteOrigin, budget: budgetFromDailyLimit(entry.dailyLimit) });
  }
  return sites.slice(0, MAX_LEGACY_IMPORT_SITES);
}

/** The six sites' switches that were stored as true or false; `kept` (already converted) wins. */
export function convertSwitches(previous: unknown, kept: LegacySwitches): LegacySwitches {
  const switches: LegacySwitches = {};
  if (isRecord(previous)) {
    for (const site of FEEDBLOCKING_SITES) {
      const value = previous[site];
      if (typeof value === 'boolean') switches[feedblockingSettingKey(site)] = value;
    }
  }
  return { ...switches, ...kept };
}

/**
 * Moves the previous version's data into `legacyData`, then removes its keys. Running it again
 * finds nothing to move; if it stopped between the two steps, the second run merges into what
 * the first stored, so nothing is doubled.
 */
async function convertPreviousVersionData(store: Store): Promise<void> {
  const previous = await store.getPreviousVersionData();
  if (previous.customSites === undefined && previous.feedblockingSites === undefined) return;
  const kept = await store.getLegacy();
  const legacy: LegacyData = {
    customSites: convertSites(previous.customSites, kept.customSites),
    feedblockingSites: convertSwitches(previous.feedblockingSites, kept.feedblockingSites),
  };
  if (legacy.customSites.length > 0 || Object.keys(legacy.feedblockingSites).length > 0) {
    await store.setLegacy(legacy);
  }
  await store.removePreviousVersionData();
}

export type LegacyDataConverter = () => Promise<void>;

/**
 * The conversion as the worker runs it: at start, on an update and before GET_LEGACY_DATA, with
 * calls made while one runs sharing it. It never throws: a failure is logged and retried at the
 * next start, as the previous version's keys are only removed once `legacyData` holds them.
 */
export function createLegacyDataConverter(platform: Platform, store: Store): LegacyDataConverter {
  let running: Promise<void> | null = null;
  return () => {
    running ??= convertPreviousVersionData(store)
      .catch((error: unknown) => platform.warn('The previous version’s data could not be converted.', error))
      .finally(() => {
        running = null;
      });
    return running;
  };
}

/** After the import into the account: nothing from before accounts is kept. */
export async function clearLegacyData(store: Store): Promise<void> {
  await store.setLegacy(null);
  await store.removePreviousVersionData();
}
