import { ApiError, DEFAULT_FEEDBLOCKING_SETTINGS, localUserDay } from '@stillpoint/core';
import type { Enforcer } from '../intercept/enforcer';
import type { Platform } from '../platform/types';
import type { Store } from '../store';
import { callServer } from './api';
import type { OutcomeQueue } from './outcomes';

/** The periodic refresh: sites, sessions and settings change on other devices too. */
export const SYNC_ALARM = 'sync';
export const SYNC_PERIOD_MINUTES = 5;

/**
 * synced: fresh data stored. signed-out: no session (none, or the server refused it).
 * offline: the server could not be reached or failed; the last known state stays in force.
 */
export type SyncOutcome = 'synced' | 'signed-out' | 'offline';

/**
 * Fetches the signed-in person's sites (with today's and active sessions) and feedblocking
 * settings, stores them, and re-applies the intercept rules; alongside, it sends the pause
 * outcomes queued for that person. Calls made while one is under way are served by one more fetch
 * after it, since they may be asking because something changed.
 */
export function createSync(platform: Platform, store: Store, enforcer: Enforcer, outcomes: OutcomeQueue) {
  let current: Promise<SyncOutcome> | null = null;
  let next: Promise<SyncOutcome> | null = null;

  async function fetchAndStore(): Promise<SyncOutcome> {
    const auth = await store.getAuth();
    const now = platform.now();
    const status = await store.getSyncStatus();
    if (!auth) {
      await store.setSites(null);
      await enforcer.apply();
      return 'signed-out';
    }
    const userDay = localUserDay(new Date(now));
    const call = { origin: auth.origin, token: auth.token };
    // In parallel with the fetch, so it adds no wait; it never throws and the refresh ends with it.
    const sending = outcomes.send(auth);
    try {
      const [sites, settings] = await Promise.all([
        callServer(platform.fetch, 'getBrowserSitesWithActiveAndTodaysSessions', {
          ...call,
          query: { userDay },
        }),
        callServer(platform.fetch, 'getBrowserSiteSettings', call),
      ]);
      // Someone else signed in while this was in flight: their own refresh follows; drop this one.
      if ((await store.getAuth())?.token !== auth.token) return 'synced';
      await store.setSites({ sites, fetchedAt: now, userDay });
      // Null until the person finishes setup; every feed is blocked until they choose (SPEC §3).
      await store.setSettings(settings ?? DEFAULT_FEEDBLOCKING_SETTINGS);
      await store.setSyncStatus({ lastAttemptAt: now, lastSuccessAt: now, error: null });
      await enforcer.apply();
      return 'synced';
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await store.setSyncStatus({ lastAttemptAt: now, lastSuccessAt: status.lastSuccessAt, error: message });
      if (error instanceof ApiError && error.code === 'UNAUTHENTICATED') {
        // The extension's session was signed out or expired: forget it and whose sites these were.
        if ((await store.getAuth())?.token === auth.token) {
          await store.setAuth(null);
          await store.setSites(null);
        }
        await enforcer.apply();
        return 'signed-out';
      }
      platform.warn('Sync failed; keeping the last known sites and settings.', error);
      await enforcer.apply();
      return 'offline';
    } finally {
      await sending;
    }
  }

  function start(): Promise<SyncOutcome> {
    const run = fetchAndStore().finally(() => {
      if (current === run) current = null;
    });
    current = run;
    return run;
  }

  function refresh(): Promise<SyncOutcome> {
    if (!current) return start();
    next ??= current
      .catch(() => 'offline' as const)
      .then(() => {
        next = null;
        return start();
      });
    return next;
  }

  return { refresh };
}
export type Sync = ReturnType<typeof createSync>;
