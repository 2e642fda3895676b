import { DEFAULT_FEEDBLOCKING_SETTINGS, type FeedblockingSettings } from '@stillpoint/core';

/**
 * Keys of chrome.storage.local. Everything the extension knows lives there, so it survives the
 * service worker being stopped, and the popup and content scripts read the same values.
 */
export const STORAGE_KEYS = {
  /** { token, origin, userId }: the extension's own session and the web app origin it came from. */
  auth: 'auth',
  /** { sites, fetchedAt, userDay }: the last list from getBrowserSitesWithActiveAndTodaysSessions. */
  sites: 'sites',
  /** The six feedblocking switches; content scripts read and watch this key. */
  settings: 'feedblockingSettings',
  /** Sessions started through START_SESSION, enforced locally until they end. */
  localSessions: 'localSessions',
  /** siteId → declarativeNetRequest rule id, so a site keeps its rule id. */
  ruleIds: 'ruleIds',
  /** Sites with a running session at the last enforcement; when one ends, its tabs are sent back. */
  openSiteIds: 'openSiteIds',
  /** { customSites, feedblockingSites } kept from before the person had an account. */
  legacy: 'legacyData',
  /** { lastAttemptAt, lastSuccessAt, error }: how the last sync went, for the popup. */
  syncStatus: 'syncStatus',
  /** Which storage format the values here are in (storage-format.ts); absent before format 1. */
  storageFormat: 'storageFormat',
  /** A random id made once per install, carried by the uninstall address (uninstall-url.ts). */
  installRef: 'installRef',
  /** [{ userId, report }]: pause outcomes the web app could not send, for the next sync (sync/outcomes.ts). */
  pendingOutcomes: 'pendingInterceptOutcomes',
  /**
   * The version before accounts kept the person's choices at these top-level keys in its own
   * format; legacy-data.ts converts them into `legacyData` and removes them.
   */
  previousCustomSites: 'customSites',
  previousFeedblockingSites: 'feedblockingSites',
} as const;

/**
 * Reads stored feedblocking settings without zod (content scripts stay small): each of the six
 * switches is the stored boolean, or on when it is missing, as SPEC §3 defaults them.
 */
export function readFeedblockingSettings(value: unknown): FeedblockingSettings {
  const stored = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const settings = { ...DEFAULT_FEEDBLOCKING_SETTINGS };
  for (const key of Object.keys(settings) as (keyof FeedblockingSettings)[]) {
    if (typeof stored[key] === 'boolean') settings[key] = stored[key];
  }
  return settings;
}
