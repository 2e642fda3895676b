import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createWorld, USER, WEB_APP } from '../test-support/background';
import { site } from '../test-support/data';
import {
  createStorageMigrator,
  migrateStorage,
  STORAGE_FORMAT,
  STORAGE_STEPS,
  type StorageStep,
  storedFormat,
} from './storage-format';
import { STORAGE_KEYS } from './storage-keys';

const area = () => fakeBrowser.storage.local;

describe('the storage format on update', () => {
  it('brings storage from before formats were numbered (0.1.0) up to date, keeping sites and settings', async () => {
    const world = createWorld();
    const youtube = site('https://www.youtube.com', { budget: 4 });
    const cache = { sites: [youtube], fetchedAt: world.chrome.clock.now(), userDay: 20_000 };
    const settings = {
      facebookFeedblocking: false,
      youtubeFeedblocking: true,
      twitterFeedblocking: true,
      linkedinFeedblocking: false,
      instagramFeedblocking: true,
      redditFeedblocking: true,
    };
    // What 0.1.0 wrote: no format number, and data the version before accounts left behind.
    await area().set({
      auth: { token: 'session-1', origin: WEB_APP, userId: USER.uid },
      sites: cache,
      feedblockingSettings: settings,
      localSessions: [],
      customSites: [{ url: 'https://reddit.com/', dailyLimit: 2 }],
    });

    await world.app.onInstalled('update');
    const app = world.restart();
    await app.wake();

    expect(await storedFormat(area())).toBe(STORAGE_FORMAT);
    expect(await app.store.getAuth()).toEqual({ token: 'session-1', origin: WEB_APP, userId: USER.uid });
    expect(await app.store.getSites()).toEqual(cache);
    expect(await app.store.getSettings()).toEqual(settings);
    expect((await app.store.getLegacy()).customSites).toEqual([
      { siteOrigin: 'https://reddit.com', budget: 2 },
    ]);
    // The kept site is still intercepted.
    expect((await world.chrome.dnr.getDynamicRules()).map((rule) => rule.condition.requestDomains)).toEqual([
      ['youtube.com'],
    ]);
  });

  it('writes the current format on a new install', async () => {
    const world = createWorld();
    await world.app.onInstalled('install');
    expect(await storedFormat(area())).toBe(STORAGE_FORMAT);
  });

  it('numbers its steps 1, 2, 3… in order', () => {
    expect(STORAGE_STEPS.map((step) => step.version)).toEqual(STORAGE_STEPS.map((_, index) => index + 1));
  });
});

describe('the storage migration runner', () => {
  const ran: number[] = [];
  const step = (version: number, fail = false): StorageStep => ({
    version,
    change: `step ${version}`,
    migrate: async (storage) => {
      if (fail) throw new Error(`step ${version} failed`);
      ran.push(version);
      await storage.set({ [`from${version}`]: true });
    },
  });

  it('runs the steps above the stored format, in order, once', async () => {
    createWorld();
    ran.length = 0;
    await area().set({ [STORAGE_KEYS.storageFormat]: 1 });
    await migrateStorage(area(), [step(1), step(2), step(3)]);
    await migrateStorage(area(), [step(1), step(2), step(3)]);
    expect(ran).toEqual([2, 3]);
    expect(await storedFormat(area())).toBe(3);
  });

  it('after a failed step, keeps the format of the last one done and resumes there', async () => {
    createWorld();
    ran.length = 0;
    await expect(migrateStorage(area(), [step(1), step(2, true), step(3)])).rejects.toThrow('step 2 failed');
    expect(await storedFormat(area())).toBe(1);
    await migrateStorage(area(), [step(1), step(2), step(3)]);
    expect(ran).toEqual([1, 2, 3]);
  });

  it('leaves storage from a newer build alone', async () => {
    createWorld();
    ran.length = 0;
    await area().set({ [STORAGE_KEYS.storageFormat]: 9 });
    await migrateStorage(area(), [step(1), step(2)]);
    expect(ran).toEqual([]);
    expect(await storedFormat(area())).toBe(9);
  });

  it('as the worker runs it, logs a failure instead of stopping the worker’s start', async () => {
    const world = createWorld();
    const migrate = createStorageMigrator(world.chrome.platform, [step(1, true)]);
    await expect(migrate()).resolves.toBeUndefined();
    expect(world.chrome.warnings).toEqual(['Stored data could not be brought up to date.']);
    expect(await storedFormat(area())).toBe(0);
  });
});
