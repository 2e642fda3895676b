import {
  customSiteSchema,
  type FeedblockingSettings,
  type InterceptOutcomeReport,
  installRefSchema,
  interceptOutcomeSchema,
  type LegacyData,
  legacyDataSchema,
} from '@stillpoint/core';
import { z } from 'zod/mini';
import type { StorageArea } from './platform/types';
import { readFeedblockingSettings, STORAGE_KEYS } from './storage-keys';

/** The extension's own session: a bearer token, the web app origin that handed it over, and whose it is. */
export const authStateSchema = z.object({
  token: z.string().check(z.minLength(1)),
  origin: z.string().check(z.minLength(1)),
  userId: z.string().check(z.minLength(1)),
});
export type AuthState = z.infer<typeof authStateSchema>;

export const sitesCacheSchema = z.object({
  sites: z.array(customSiteSchema),
  /** When the list was fetched (epoch ms). */
  fetchedAt: z.number(),
  /** The userDay it was fetched for: todaysSessions count for that day only. */
  userDay: z.int(),
});
export type SitesCache = z.infer<typeof sitesCacheSchema>;

/** A session the web app started through START_SESSION (SPEC §3 "Session message to the extension"). */
export const localSessionSchema = z.object({
  siteId: z.string(),
  sessionId: z.string(),
  /** Epoch seconds. */
  timeStarted: z.number(),
  lengthInMilliseconds: z.number(),
});
export type LocalSession = z.infer<typeof localSessionSchema>;

export const syncStatusSchema = z.object({
  lastAttemptAt: z.nullable(z.number()),
  lastSuccessAt: z.nullable(z.number()),
  /** Why the last attempt failed; null when it worked. */
  error: z.nullable(z.string()),
});
export type SyncStatus = z.infer<typeof syncStatusSchema>;

/** A pause outcome waiting for the next sync, with whose it is: it is only ever sent with their session. */
export const pendingOutcomeSchema = z.object({
  userId: z.string().check(z.minLength(1)),
  report: interceptOutcomeSchema,
});
export interface PendingOutcome {
  userId: string;
  report: InterceptOutcomeReport;
}

/** What the version before accounts kept, as stored: its own format, unchecked (legacy-data.ts). */
export interface PreviousVersionData {
  customSites: unknown;
  feedblockingSites: unknown;
}

const EMPTY_LEGACY: LegacyData = { customSites: [], feedblockingSites: {} };

/**
 * Typed access to chrome.storage.local. A value that does not parse (written by an older build,
 * or damaged) reads as absent rather than breaking enforcement.
 */
export function createStore(area: StorageArea) {
  async function read<T>(key: string, schema: z.core.$ZodType<T>): Promise<T | null> {
    const value = (await area.get(key))[key];
    if (value === undefined || value === null) return null;
    const parsed = z.safeParse(schema, value);
    return parsed.success ? parsed.data : null;
  }
  const write = (key: string, value: unknown) =>
    value === null ? area.remove(key) : area.set({ [key]: value });

  return {
    getAuth: () => read(STORAGE_KEYS.auth, authStateSchema),
    setAuth: (auth: AuthState | null) => write(STORAGE_KEYS.auth, auth),

    getSites: () => read(STORAGE_KEYS.sites, sitesCacheSchema),
    setSites: (cache: SitesCache | null) => write(STORAGE_KEYS.sites, cache),

    async getSettings(): Promise<FeedblockingSettings> {
      return readFeedblockingSettings((await area.get(STORAGE_KEYS.settings))[STORAGE_KEYS.settings]);
    },
    setSettings: (settings: FeedblockingSettings) => write(STORAGE_KEYS.settings, settings),

    async getLocalSessions(): Promise<LocalSession[]> {
      return (await read(STORAGE_KEYS.localSessions, z.array(localSessionSchema))) ?? [];
    },
    setLocalSessions: (sessions: LocalSession[]) => write(STORAGE_KEYS.localSessions, sessions),

    async getRuleIds(): Promise<Record<string, number>> {
      return (await read(STORAGE_KEYS.ruleIds, z.record(z.string(), z.int().check(z.positive())))) ?? {};
    },
    setRuleIds: (ids: Record<string, number>) => write(STORAGE_KEYS.ruleIds, ids),

    async getOpenSiteIds(): Promise<string[]> {
      return (await read(STORAGE_KEYS.openSiteIds, z.array(z.string()))) ?? [];
    },
    setOpenSiteIds: (ids: string[]) => write(STORAGE_KEYS.openSiteIds, ids),

    async getLegacy(): Promise<LegacyData> {
      return (await read(STORAGE_KEYS.legacy, legacyDataSchema)) ?? EMPTY_LEGACY;
    },
    setLegacy: (legacy: LegacyData | null) => write(STORAGE_KEYS.legacy, legacy),

    async getPreviousVersionData(): Promise<PreviousVersionData> {
      const keys = [STORAGE_KEYS.previousCustomSites, STORAGE_KEYS.previousFeedblockingSites];
      const stored = await area.get(keys);
      return {
        customSites: stored[STORAGE_KEYS.previousCustomSites],
        feedblockingSites: stored[STORAGE_KEYS.previousFeedblockingSites],
      };
    },
    removePreviousVersionData: () =>
      area.remove([STORAGE_KEYS.previousCustomSites, STORAGE_KEYS.previousFeedblockingSites]),

    /** Entries that no longer parse (damaged) are dropped one by one; the rest stay queued. */
    async getPendingOutcomes(): Promise<PendingOutcome[]> {
      const stored = (await area.get(STORAGE_KEYS.pendingOutcomes))[STORAGE_KEYS.pendingOutcomes];
      if (!Array.isArray(stored)) return [];
      return stored.flatMap((entry) => {
        const parsed = pendingOutcomeSchema.safeParse(entry);
        return parsed.success ? [parsed.data] : [];
      });
    },
    setPendingOutcomes: (outcomes: PendingOutcome[]) =>
      write(STORAGE_KEYS.pendingOutcomes, outcomes.length > 0 ? outcomes : null),

    async getSyncStatus(): Promise<SyncStatus> {
      return (
        (await read(STORAGE_KEYS.syncStatus, syncStatusSchema)) ?? {
          lastAttemptAt: null,
          lastSuccessAt: null,
          error: null,
        }
      );
    },
    setSyncStatus: (status: SyncStatus) => write(STORAGE_KEYS.syncStatus, status),

    // A damaged value reads as absent, so a new reference is made.
    // The uninstall page's own rule for a reference (core), so a stored one is always one it accepts.
    getInstallRef: () => read(STORAGE_KEYS.installRef, installRefSchema),
    setInstallRef: (installRef: string) => write(STORAGE_KEYS.installRef, installRef),
  };
}
export type Store = ReturnType<typeof createStore>;
