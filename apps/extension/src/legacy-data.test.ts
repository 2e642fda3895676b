import { MAX_LEGACY_IMPORT_SITES, MAX_SITE_BUDGET } from '@stillpoint/core';
import { describe, expect, it } from 'vitest';
import { createWorld, type TestWorld } from '../test-support/background';
import { budgetFromDailyLimit } from './legacy-data';
import { STORAGE_KEYS } from './storage-keys';

/** What the version before accounts left in chrome.storage.local. */
const previousVersion = {
  customSites: [
    { url: 'https://www.youtube.com/', dailyLimit: 3 },
    { url: 'reddit.com', dailyLimit: 5 },
  ],
  feedblockingSites: { facebook: true, youtube: false },
};

const converted = {
  customSites: [
    { siteOrigin: 'https://www.youtube.com', budget: 3 },
    { siteOrigin: 'https://reddit.com', budget: 5 },
  ],
  feedblockingSites: { facebookFeedblocking: true, youtubeFeedblocking: false },
};

const storage = (world: TestWorld) => world.chrome.browser.storage.local;
const everything = async (world: TestWorld) => storage(world).get(null);

async function startWith(stored: Record<string, unknown>): Promise<TestWorld> {
  const world = createWorld();
  await storage(world).set(stored);
  await world.app.wake();
  return world;
}

describe('data from the version before accounts', () => {
  it('is converted when the worker starts, and the old keys removed', async () => {
    const world = await startWith(previousVersion);
    expect(await world.send({ type: 'GET_LEGACY_DATA' })).toEqual({ status: 'success', ...converted });
    const stored = await everything(world);
    expect(stored[STORAGE_KEYS.legacy]).toEqual(converted);
    expect(stored).not.toHaveProperty('customSites');
    expect(stored).not.toHaveProperty('feedblockingSites');
  });

  it('is converted after an update too', async () => {
    const world = createWorld();
    await storage(world).set(previousVersion);
    await world.app.onInstalled('update');
    expect((await everything(world))[STORAGE_KEYS.legacy]).toEqual(converted);
  });

  it('is converted before GET_LEGACY_DATA answers, even if the start-up run has not finished', async () => {
    const world = createWorld();
    await storage(world).set(previousVersion);
    expect(await world.send({ type: 'GET_LEGACY_DATA' })).toEqual({ status: 'success', ...converted });
  });

  it('skips what it cannot read and clamps daily limits into the budget range', async () => {
    const world = await startWith({
      customSites: [
        'youtube.com',
        null,
        { dailyLimit: 2 },
        { url: 42, dailyLimit: 2 },
        { url: 'not a site', dailyLimit: 2 },
        { url: 'https://x.com/home', dailyLimit: 0 },
        { url: 'www.x.com', dailyLimit: 9 },
        { url: 'instagram.com', dailyLimit: 1e9 },
        { url: 'tiktok.com', dailyLimit: '4' },
        { url: 'news.ycombinator.com', dailyLimit: 2.7 },
        { url: 'twitch.tv' },
      ],
      feedblockingSites: { reddit: false, linkedin: 'yes', myspace: true, twitter: null },
    });
    expect(await world.send({ type: 'GET_LEGACY_DATA' })).toEqual({
      status: 'success',
      customSites: [
        { siteOrigin: 'https://x.com', budget: 1 },
        { siteOrigin: 'https://instagram.com', budget: MAX_SITE_BUDGET },
        { siteOrigin: 'https://tiktok.com', budget: 4 },
        { siteOrigin: 'https://news.ycombinator.com', budget: 2 },
        { siteOrigin: 'https://twitch.tv', budget: 3 },
      ],
      feedblockingSites: { redditFeedblocking: false },
    });
  });

  it('tolerates keys that hold the wrong kind of value, keeping nothing', async () => {
    const world = await startWith({ customSites: { youtube: 3 }, feedblockingSites: [true, false] });
    expect(await world.send({ type: 'GET_LEGACY_DATA' })).toEqual({
      status: 'success',
      customSites: [],
      feedblockingSites: {},
    });
    const stored = await everything(world);
    expect(stored).not.toHaveProperty(STORAGE_KEYS.legacy);
    expect(stored).not.toHaveProperty('customSites');
  });

  it('keeps at most what one import takes', async () => {
    const world = await startWith({
      customSites: Array.from({ length: MAX_LEGACY_IMPORT_SITES + 5 }, (_, n) => ({
        url: `site${n}.example`,
        dailyLimit: 3,
      })),
    });
    const reply = (await world.send({ type: 'GET_LEGACY_DATA' })) as { customSites: unknown[] };
    expect(reply.customSites).toHaveLength(MAX_LEGACY_IMPORT_SITES);
  });

  it('changes nothing when run again, and merges rather than doubles after an interrupted run', async () => {
    const world = await startWith(previousVersion);
    const once = await everything(world);
    world.restart();
    await world.app.wake();
    await world.app.onInstalled('update');
    expect(await everything(world)).toEqual(once);

    // The old keys still there next to their conversion: the run stopped before removing them.
    await storage(world).set(previousVersion);
    world.restart();
    await world.app.wake();
    expect(await everything(world)).toEqual(once);
  });

  it('CLEAR_LEGACY_DATA forgets it, old keys included', async () => {
    const world = await startWith(previousVersion);
    await storage(world).set({ customSites: previousVersion.customSites });
    expect(await world.send({ type: 'CLEAR_LEGACY_DATA' })).toEqual({ status: 'success' });
    expect(await world.send({ type: 'GET_LEGACY_DATA' })).toEqual({
      status: 'success',
      customSites: [],
      feedblockingSites: {},
    });
    const stored = await everything(world);
    expect(stored).not.toHaveProperty(STORAGE_KEYS.legacy);
    expect(stored).not.toHaveProperty('customSites');
  });

  it('leaves the current version’s own keys alone', async () => {
    const world = createWorld();
    await world.signIn();
    // A worker that has started once, so its storage format number is written too.
    await world.app.wake();
    const before = await everything(world);
    await world.app.wake();
    await world.send({ type: 'CLEAR_LEGACY_DATA' });
    const after = await everything(world);
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    expect(after[STORAGE_KEYS.auth]).toEqual(before[STORAGE_KEYS.auth]);
  });
});

describe('a daily limit as a budget', () => {
  it.each([
    [3, 3],
    [0, 1],
    [-4, 1],
    [2.9, 2],
    [5000, MAX_SITE_BUDGET],
    ['7', 7],
    ['lots', 3],
    [null, 3],
    [undefined, 3],
    [Number.NaN, 3],
  ])('%s → %s', (dailyLimit, budget) => {
    expect(budgetFromDailyLimit(dailyLimit)).toBe(budget);
  });
});
