import { EXTENSION_MESSAGE_TYPES } from '@stillpoint/core';
import { describe, expect, it } from 'vitest';
import { createWorld, USER, WEB_APP } from '../../test-support/background';
import { interceptOutcome, site } from '../../test-support/data';
import { settle } from '../../test-support/fake-chrome';
import { STORAGE_KEYS } from '../storage-keys';

const now = Date.UTC(2026, 0, 15, 12);

describe('messages from the web app', () => {
  it('PULSE_CHECK answers with the version and who is signed in', async () => {
    const world = createWorld();
    expect(await world.send({ type: 'PULSE_CHECK' })).toEqual({
      status: 'success',
      version: '0.1.0',
      signedIn: false,
      userId: null,
    });
    await world.signIn();
    expect(await world.send({ type: 'PULSE_CHECK' })).toMatchObject({ signedIn: true, userId: USER.uid });
  });

  it('USER_ACCESS_TOKEN_EXCHANGE trades the token at the sender’s origin for the extension’s own session', async () => {
    const world = createWorld();
    world.server.sites = [site('https://youtube.com')];
    expect(await world.send({ type: 'USER_ACCESS_TOKEN_EXCHANGE', token: 'good-token' })).toEqual({
      status: 'success',
    });
    const exchange = world.chrome.server.requests.find(
      (request) => request.url.pathname === '/api/exchangeExtensionToken',
    );
    expect(exchange?.url.origin).toBe(WEB_APP);
    expect(exchange?.method).toBe('POST');
    expect(exchange?.body).toEqual({ token: 'good-token' });
    expect(exchange?.headers.get('X-App-Platform')).toBe('Extension');
    expect(exchange?.headers.get('Authorization')).toBeNull();
    expect(world.chrome.uninstallUrls.at(-1)).toMatch(
      new RegExp(`^${WEB_APP}/uninstall-chrome-extension\\?v=0\\.1\\.0&ref=[\\w-]+$`),
    );

    // The new session's sites load without being asked, with the new session as the bearer.
    await settle();
    const sync = world.chrome.server.requests.find(
      (request) => request.url.pathname === '/api/getBrowserSitesWithActiveAndTodaysSessions',
    );
    expect(sync?.headers.get('Authorization')).toBe('Bearer session-1');
    expect(world.chrome.dnr.intercepts('https://youtube.com/')).toBe(true);
  });

  it('USER_ACCESS_TOKEN_EXCHANGE reports a spent token and stays signed out', async () => {
    const world = createWorld();
    expect(await world.send({ type: 'USER_ACCESS_TOKEN_EXCHANGE', token: 'spent' })).toEqual({
      status: 'error',
      error:
        'This sign-in link for the extension has expired or was already used. Open Stillpoint and try again.',
    });
    expect(await world.send({ type: 'PULSE_CHECK' })).toMatchObject({ signedIn: false });
  });

  it("a different person's sign-in drops the previous person's sites and sessions", async () => {
    const world = createWorld();
    const youtube = site('https://youtube.com');
    world.server.sites = [youtube];
    await world.signIn();
    await world.send({
      type: 'START_SESSION',
      siteId: youtube.id,
      sessionId: 's',
      numMs: 60_000,
      timeStarted: now / 1000,
    });
    world.chrome.server.on('/api/exchangeExtensionToken', () => ({
      json: { success: true, data: { sessionToken: 'session-2', user: { ...USER, uid: 'user-2' } } },
    }));
    world.server.sites = [];
    world.chrome.server.setOffline(false);
    await world.send({ type: 'USER_ACCESS_TOKEN_EXCHANGE', token: 'any' });
    const stored = await world.chrome.browser.storage.local.get([
      STORAGE_KEYS.localSessions,
      STORAGE_KEYS.auth,
    ]);
    expect(stored[STORAGE_KEYS.localSessions]).toEqual([]);
    expect(stored[STORAGE_KEYS.auth]).toMatchObject({ userId: 'user-2', token: 'session-2' });
  });

  it('START_SESSION opens the site before it replies, and only for its length', async () => {
    const world = createWorld();
    const youtube = site('https://www.youtube.com');
    world.server.sites = [youtube];
    await world.signIn();
    expect(world.chrome.dnr.intercepts('https://www.youtube.com/')).toBe(true);

    const reply = await world.send({
      type: 'START_SESSION',
      siteId: youtube.id,
      sessionId: '6f1c2a7e-0000-4000-8000-000000000001',
      numMs: 3000,
      timeStarted: now / 1000,
    });
    expect(reply).toEqual({ status: 'success' });
    expect(world.chrome.dnr.intercepts('https://www.youtube.com/')).toBe(false);

    world.chrome.clock.advance(2990);
    await settle();
    expect(world.chrome.dnr.intercepts('https://www.youtube.com/')).toBe(false);
    // The worker's timer fires at the end (give or take a few ms of slack against early timers).
    world.chrome.clock.advance(20);
    await settle();
    expect(world.chrome.dnr.intercepts('https://www.youtube.com/')).toBe(true);
  });

  it('refuses malformed messages with a readable error, never a throw', async () => {
    const world = createWorld();
    const cases: [unknown, string][] = [
      [
        { type: 'START_SESSION', siteId: 's', sessionId: 'x', numMs: -5, timeStarted: 1 },
        'Malformed START_SESSION message: numMs',
      ],
      [
        { type: 'START_SESSION', siteId: 's', sessionId: 'x', numMs: 5000 },
        'Malformed START_SESSION message: timeStarted',
      ],
      [
        { type: 'START_SESSION', siteId: '', sessionId: 'x', numMs: 5, timeStarted: 1 },
        'Malformed START_SESSION message: siteId',
      ],
      [{ type: 'USER_ACCESS_TOKEN_EXCHANGE' }, 'Malformed USER_ACCESS_TOKEN_EXCHANGE message: token'],
      [{ type: 'PULSE_CHECK', extra: true }, 'Malformed PULSE_CHECK message'],
      [
        { type: 'QUEUE_INTERCEPT_OUTCOMES', outcomes: [] },
        'Malformed QUEUE_INTERCEPT_OUTCOMES message: outcomes',
      ],
      [
        { type: 'QUEUE_INTERCEPT_OUTCOMES', outcomes: [{ ...interceptOutcome(), interceptId: 'x' }] },
        'Malformed QUEUE_INTERCEPT_OUTCOMES message: outcomes.0.interceptId',
      ],
      [{ type: 'CLEAR_LEGACY_DATA', everything: true }, 'Malformed CLEAR_LEGACY_DATA message'],
      [{ type: 'DELETE_EVERYTHING' }, 'Unknown message type "DELETE_EVERYTHING".'],
      [{ hello: 'there' }, 'A message needs a type.'],
      ['PULSE_CHECK', 'A message needs a type.'],
      [null, 'A message needs a type.'],
      [undefined, 'A message needs a type.'],
      [[1, 2], 'A message needs a type.'],
    ];
    for (const [message, error] of cases) {
      const reply = await world.send(message);
      expect(reply.status, JSON.stringify(message)).toBe('error');
      expect((reply as { error: string }).error).toContain(error);
    }
  });

  it('answers every known message type (the contract has no type the extension forgets)', async () => {
    const world = createWorld();
    await world.signIn();
    const examples: Record<(typeof EXTENSION_MESSAGE_TYPES)[number], unknown> = {
      PULSE_CHECK: { type: 'PULSE_CHECK' },
      USER_ACCESS_TOKEN_EXCHANGE: { type: 'USER_ACCESS_TOKEN_EXCHANGE', token: 'good-token' },
      START_SESSION: {
        type: 'START_SESSION',
        siteId: 'a',
        sessionId: 'b',
        numMs: 1000,
        timeStarted: now / 1000,
      },
      GET_LEGACY_DATA: { type: 'GET_LEGACY_DATA' },
      CLEAR_BROWSER_SITES_CACHE: { type: 'CLEAR_BROWSER_SITES_CACHE' },
      QUEUE_INTERCEPT_OUTCOMES: { type: 'QUEUE_INTERCEPT_OUTCOMES', outcomes: [interceptOutcome()] },
      CLEAR_LEGACY_DATA: { type: 'CLEAR_LEGACY_DATA' },
      GET_SITE_ACCESS: { type: 'GET_SITE_ACCESS', siteOrigins: ['https://reddit.com'] },
      OPEN_SITE_ACCESS: { type: 'OPEN_SITE_ACCESS' },
    };
    for (const type of EXTENSION_MESSAGE_TYPES) {
      expect((await world.send(examples[type])).status, type).toBe('success');
    }
  });

  it('checks the sender: only this build’s web app origins may talk to it', async () => {
    const dev = createWorld('development');
    expect((await dev.send({ type: 'PULSE_CHECK' }, 'http://localhost:5173')).status).toBe('success');
    expect((await dev.send({ type: 'PULSE_CHECK' }, 'https://evil.example')).status).toBe('error');
    expect((await dev.send({ type: 'PULSE_CHECK' }, 'https://localhost:5173')).status).toBe('error');
    expect((await dev.send({ type: 'PULSE_CHECK' }, 'http://localhost.evil.example')).status).toBe('error');
    expect(await dev.app.handleExternal({ type: 'PULSE_CHECK' }, {})).toMatchObject({ status: 'error' });
    // Older Chrome versions give only the URL.
    expect(
      (await dev.app.handleExternal({ type: 'PULSE_CHECK' }, { url: 'http://127.0.0.1:9/x' })).status,
    ).toBe('success');

    const production = createWorld('production');
    expect((await production.send({ type: 'PULSE_CHECK' }, 'https://stillpoint.app')).status).toBe('success');
    expect((await production.send({ type: 'PULSE_CHECK' }, 'http://localhost:3000')).status).toBe('error');
    expect((await production.send({ type: 'PULSE_CHECK' }, 'https://staging.stillpoint.app')).status).toBe(
      'error',
    );
  });

  it('a refused sender cannot sign the extension in or open sites', async () => {
    const world = createWorld();
    await world.send({ type: 'USER_ACCESS_TOKEN_EXCHANGE', token: 'good-token' }, 'https://evil.example');
    expect(world.calls('/api/exchangeExtensionToken')).toBe(0);
    expect(await world.send({ type: 'PULSE_CHECK' })).toMatchObject({ signedIn: false });
  });

  it('GET_LEGACY_DATA returns what was kept from before the account, or nothing', async () => {
    const world = createWorld();
    expect(await world.send({ type: 'GET_LEGACY_DATA' })).toEqual({
      status: 'success',
      customSites: [],
      feedblockingSites: {},
    });
    const legacy = {
      customSites: [{ siteOrigin: 'https://youtube.com', budget: 2 }],
      feedblockingSites: { redditFeedblocking: false },
    };
    await world.chrome.browser.storage.local.set({ [STORAGE_KEYS.legacy]: legacy });
    expect(await world.send({ type: 'GET_LEGACY_DATA' })).toEqual({ status: 'success', ...legacy });
  });

  it('CLEAR_BROWSER_SITES_CACHE refetches now, so a new site is intercepted at once', async () => {
    const world = createWorld();
    await world.signIn();
    expect(world.chrome.dnr.intercepts('https://old.reddit.com/r/all')).toBe(false);
    world.server.sites = [site('https://reddit.com')];
    expect(await world.send({ type: 'CLEAR_BROWSER_SITES_CACHE' })).toEqual({ status: 'success' });
    expect(world.chrome.dnr.intercepts('https://old.reddit.com/r/all')).toBe(true);
  });

  it('CLEAR_BROWSER_SITES_CACHE says so when it is signed out or offline', async () => {
    const world = createWorld();
    expect(await world.send({ type: 'CLEAR_BROWSER_SITES_CACHE' })).toMatchObject({ status: 'error' });
    await world.signIn();
    world.chrome.server.setOffline(true);
    expect(await world.send({ type: 'CLEAR_BROWSER_SITES_CACHE' })).toMatchObject({
      status: 'error',
      error: expect.stringContaining('could not be reached'),
    });
  });

  it('turns an internal failure into an error reply', async () => {
    const world = createWorld();
    world.chrome.platform.storage.get = async () => {
      throw new Error('storage is unavailable');
    };
    expect(await world.send({ type: 'PULSE_CHECK' })).toEqual({
      status: 'error',
      error: 'storage is unavailable',
    });
  });
});
