import { readBreatheQuery } from '@stillpoint/core';
import { describe, expect, it } from 'vitest';
import { createWorld } from '../../test-support/background';
import { serverSession, site } from '../../test-support/data';
import { FAKE_EXTENSION_ORIGIN, settle } from '../../test-support/fake-chrome';
import { FIRST_SCREEN_PATH } from '../breathe/first-screen';
import { STORAGE_KEYS } from '../storage-keys';
import { SESSION_END_ALARM } from './enforcer';

const FIRST_SCREEN = `${FAKE_EXTENSION_ORIGIN}${FIRST_SCREEN_PATH}`;

const now = Date.UTC(2026, 0, 15, 12);

async function startSession(world: ReturnType<typeof createWorld>, siteId: string, numMs: number) {
  const reply = await world.send({
    type: 'START_SESSION',
    siteId,
    sessionId: `session-${siteId}`,
    numMs,
    timeStarted: now / 1000,
  });
  expect(reply.status).toBe('success');
}

describe('enforcing sites and sessions', () => {
  it('intercepts nothing while signed out, and the signed-in person’s active sites after', async () => {
    const world = createWorld();
    world.server.sites = [site('https://youtube.com'), site('https://reddit.com', { active: false })];
    await world.app.wake();
    expect(world.chrome.dnr.rules).toEqual([]);
    await world.signIn();
    expect(world.chrome.dnr.intercepts('https://youtube.com/')).toBe(true);
    expect(world.chrome.dnr.intercepts('https://reddit.com/')).toBe(false);
  });

  it('lets a site through while the server reports a session running on another device', async () => {
    const world = createWorld();
    const youtube = site('https://youtube.com');
    youtube.activeSessions = [serverSession(youtube.id, now, { startedMsAgo: 60_000, lengthMs: 120_000 })];
    world.server.sites = [youtube];
    await world.signIn();
    expect(world.chrome.dnr.intercepts('https://youtube.com/')).toBe(false);
    world.chrome.clock.advance(60_005);
    await settle();
    expect(world.chrome.dnr.intercepts('https://youtube.com/')).toBe(true);
  });

  it("sends open tabs of a site back to breathe's first screen when its session ends", async () => {
    const world = createWorld();
    const youtube = site('https://www.youtube.com');
    world.server.sites = [youtube, site('https://reddit.com')];
    await world.signIn();
    await startSession(world, youtube.id, 5000);
    const watching = await world.chrome.browser.tabs.create({ url: 'https://www.youtube.com/watch?v=1&t=2' });
    const elsewhere = await world.chrome.browser.tabs.create({ url: 'https://example.com/' });

    world.chrome.clock.advance(5010);
    await settle();

    const tab = await world.chrome.browser.tabs.get(watching.id ?? -1);
    expect(tab?.url?.split('?')[0]).toBe(FIRST_SCREEN);
    expect(readBreatheQuery(new URL(tab?.url ?? ''))).toEqual({
      siteId: youtube.id,
      returnUrl: 'https://www.youtube.com/watch?v=1&t=2',
      breathingSince: null,
    });
    expect((await world.chrome.browser.tabs.get(elsewhere.id ?? -1))?.url).toBe('https://example.com/');
  });

  it('schedules an alarm for the session end, and clears it when nothing runs', async () => {
    const world = createWorld();
    const youtube = site('https://youtube.com');
    world.server.sites = [youtube];
    await world.signIn();
    expect(await world.chrome.browser.alarms.get(SESSION_END_ALARM)).toBeUndefined();
    await startSession(world, youtube.id, 300_000);
    expect((await world.chrome.browser.alarms.get(SESSION_END_ALARM))?.scheduledTime).toBe(now + 300_000);
    world.chrome.clock.advance(300_010);
    await settle();
    expect(await world.chrome.browser.alarms.get(SESSION_END_ALARM)).toBeUndefined();
  });

  it('survives the worker stopping: a restarted worker ends the session on its alarm and sends tabs back', async () => {
    const world = createWorld();
    const youtube = site('https://youtube.com');
    world.server.sites = [youtube];
    await world.signIn();
    await startSession(world, youtube.id, 60_000);
    const tab = await world.chrome.browser.tabs.create({ url: 'https://youtube.com/shorts/9' });

    // Chrome stops the idle worker; its timer goes with it. Time passes; the server is unreachable.
    world.restart();
    world.chrome.server.setOffline(true);
    world.chrome.clock.advance(30_000);
    await world.app.wake();
    expect(world.chrome.dnr.intercepts('https://youtube.com/')).toBe(false);

    world.restart();
    world.chrome.clock.advance(40_000);
    await world.app.onAlarm(SESSION_END_ALARM);
    expect(world.chrome.dnr.intercepts('https://youtube.com/')).toBe(true);
    expect((await world.chrome.browser.tabs.get(tab.id ?? -1))?.url).toContain(`${FIRST_SCREEN}?`);
  });

  it('recomputes on wake-up after the browser was closed past a session end', async () => {
    const world = createWorld();
    const youtube = site('https://youtube.com');
    world.server.sites = [youtube];
    await world.signIn();
    await startSession(world, youtube.id, 60_000);
    world.restart();
    world.chrome.clock.advance(3_600_000);
    world.chrome.server.setOffline(true);
    await world.app.wake();
    expect(world.chrome.dnr.intercepts('https://youtube.com/')).toBe(true);
    const stored = await world.chrome.browser.storage.local.get(STORAGE_KEYS.localSessions);
    expect(stored[STORAGE_KEYS.localSessions]).toEqual([]);
  });

  it('does not rewrite rules that are already right', async () => {
    const world = createWorld();
    world.server.sites = [site('https://youtube.com'), site('https://reddit.com')];
    await world.signIn();
    const updates = world.chrome.dnr.updates;
    await world.app.enforcer.apply();
    await world.app.enforcer.apply();
    expect(world.chrome.dnr.updates).toBe(updates);
  });

  it("sends every address to the extension's own first screen, under its fixed id", async () => {
    const world = createWorld();
    const youtube = site('https://youtube.com');
    world.server.sites = [youtube];
    await world.signIn();
    for (const url of ['https://youtube.com/', 'https://youtube.com/results?q=a+b']) {
      const landed = world.chrome.dnr.navigate(url);
      expect(landed.split('?')[0]).toBe(FIRST_SCREEN);
      expect(readBreatheQuery(new URL(landed))).toEqual({
        siteId: youtube.id,
        returnUrl: url,
        breathingSince: null,
      });
    }
  });
});
