import { DEFAULT_FEEDBLOCKING_SETTINGS, localUserDay } from '@stillpoint/core';
import { describe, expect, it } from 'vitest';
import { createWorld } from '../../test-support/background';
import { site } from '../../test-support/data';
import { settle } from '../../test-support/fake-chrome';
import { STORAGE_KEYS } from '../storage-keys';
import { SYNC_ALARM, SYNC_PERIOD_MINUTES } from './sync';

const SITES = '/api/getBrowserSitesWithActiveAndTodaysSessions';
const SETTINGS = '/api/getBrowserSiteSettings';

async function stored(world: ReturnType<typeof createWorld>, key: string) {
  return (await world.chrome.browser.storage.local.get(key))[key];
}

describe('syncing sites and settings', () => {
  it('fetches with the extension’s session and the SPEC §7 headers, for today’s userDay', async () => {
    const world = createWorld();
    await world.signIn();
    const request = world.chrome.server.requests.find((candidate) => candidate.url.pathname === SITES);
    expect(request?.headers.get('Authorization')).toBe('Bearer session-1');
    expect(request?.headers.get('X-App-Platform')).toBe('Extension');
    expect(request?.headers.get('Accept-Version')).toBe('1.4.0');
    expect(request?.url.searchParams.get('userDay')).toBe(
      String(localUserDay(new Date(world.chrome.clock.now()))),
    );
    const settings = world.chrome.server.requests.find((candidate) => candidate.url.pathname === SETTINGS);
    expect(settings?.headers.get('Authorization')).toBe('Bearer session-1');
  });

  it('caches the sites and settings; null settings mean every feed blocked', async () => {
    const world = createWorld();
    world.server.sites = [site('https://youtube.com')];
    await world.signIn();
    expect(await stored(world, STORAGE_KEYS.sites)).toMatchObject({ sites: world.server.sites });
    expect(await stored(world, STORAGE_KEYS.settings)).toEqual(DEFAULT_FEEDBLOCKING_SETTINGS);

    world.server.settings = { ...DEFAULT_FEEDBLOCKING_SETTINGS, redditFeedblocking: false };
    await world.send({ type: 'CLEAR_BROWSER_SITES_CACHE' });
    expect(await stored(world, STORAGE_KEYS.settings)).toMatchObject({ redditFeedblocking: false });
  });

  it('a waking worker uses a fresh cache and refetches a stale one', async () => {
    const world = createWorld();
    await world.signIn();
    const before = world.calls(SITES);
    world.restart();
    await world.app.wake();
    expect(world.calls(SITES)).toBe(before);
    world.chrome.clock.advance(SYNC_PERIOD_MINUTES * 60_000 + 1);
    world.restart();
    await world.app.wake();
    expect(world.calls(SITES)).toBe(before + 1);
  });

  it('refreshes on the periodic alarm, which a waking worker makes sure exists', async () => {
    const world = createWorld();
    await world.app.wake();
    expect((await world.chrome.browser.alarms.get(SYNC_ALARM))?.periodInMinutes).toBe(SYNC_PERIOD_MINUTES);
    await world.signIn();
    const before = world.calls(SITES);
    world.server.sites = [site('https://reddit.com')];
    await world.app.onAlarm(SYNC_ALARM);
    expect(world.calls(SITES)).toBe(before + 1);
    expect(world.chrome.dnr.intercepts('https://www.reddit.com/')).toBe(true);
  });

  it('refreshes when the token changes', async () => {
    const world = createWorld();
    await world.signIn();
    const before = world.calls(SITES);
    await world.send({ type: 'USER_ACCESS_TOKEN_EXCHANGE', token: 'good-token' });
    await settle();
    expect(world.calls(SITES)).toBe(before + 1);
  });

  it('offline, it keeps enforcing the last known sites and says the sync failed', async () => {
    const world = createWorld();
    world.server.sites = [site('https://youtube.com')];
    await world.signIn();
    world.chrome.server.setOffline(true);
    expect(await world.app.sync.refresh()).toBe('offline');
    expect(world.chrome.dnr.intercepts('https://youtube.com/')).toBe(true);
    expect(await stored(world, STORAGE_KEYS.sites)).toMatchObject({ sites: world.server.sites });
    expect(await stored(world, STORAGE_KEYS.syncStatus)).toMatchObject({
      error: 'Stillpoint could not be reached.',
    });

    world.chrome.server.setOffline(false);
    expect(await world.app.sync.refresh()).toBe('synced');
    expect(await stored(world, STORAGE_KEYS.syncStatus)).toMatchObject({ error: null });
  });

  it('a server error or an unreadable answer keeps the last state too', async () => {
    const world = createWorld();
    world.server.sites = [site('https://youtube.com')];
    await world.signIn();
    world.chrome.server.fail(SITES, 500, 'INTERNAL', 'Something broke, sorry');
    expect(await world.app.sync.refresh()).toBe('offline');
    world.chrome.server.ok(SITES, [{ id: 1, nonsense: true }]);
    expect(await world.app.sync.refresh()).toBe('offline');
    expect(world.chrome.dnr.intercepts('https://youtube.com/')).toBe(true);
  });

  it('a refused session signs the extension out and stops intercepting', async () => {
    const world = createWorld();
    world.server.sites = [site('https://youtube.com')];
    await world.signIn();
    world.chrome.server.fail(SITES, 401, 'UNAUTHENTICATED', 'Please sign in to continue.');
    expect(await world.app.sync.refresh()).toBe('signed-out');
    expect(await world.send({ type: 'PULSE_CHECK' })).toMatchObject({ signedIn: false, userId: null });
    expect(world.chrome.dnr.rules).toEqual([]);
  });

  it('serves calls made during a sync with one more fetch after it', async () => {
    const world = createWorld();
    await world.signIn();
    const before = world.calls(SITES);
    const results = await Promise.all([
      world.app.sync.refresh(),
      world.app.sync.refresh(),
      world.app.sync.refresh(),
    ]);
    expect(results).toEqual(['synced', 'synced', 'synced']);
    expect(world.calls(SITES)).toBe(before + 2);
  });
});
