import type { InterceptOutcomeReport } from '@stillpoint/core';
import { describe, expect, it } from 'vitest';
import { createWorld, type TestWorld, USER } from '../../test-support/background';
import { interceptOutcome } from '../../test-support/data';
import { settle } from '../../test-support/fake-chrome';
import { STORAGE_KEYS } from '../storage-keys';
import { MAX_PENDING_OUTCOMES, OUTCOME_BATCH_SIZE } from './outcomes';

const REPORT = '/api/reportInterceptOutcomes';

const queue = (world: TestWorld, outcomes: InterceptOutcomeReport[]) =>
  world.send({ type: 'QUEUE_INTERCEPT_OUTCOMES', outcomes });

const reported = (world: TestWorld) => world.server.reported;

const pending = async (world: TestWorld) =>
  (await world.chrome.browser.storage.local.get(STORAGE_KEYS.pendingOutcomes))[STORAGE_KEYS.pendingOutcomes];

describe('pause outcomes queued by the web app', () => {
  it('are kept in storage and sent at the next sync with the person’s session, then forgotten', async () => {
    const world = createWorld();
    await world.signIn();
    const outcomes = [
      interceptOutcome(),
      interceptOutcome({ outcome: 'session', sessionLengthInMilliseconds: 300_000 }),
    ];
    expect(await queue(world, outcomes)).toEqual({ status: 'success', queued: 2 });
    expect(await pending(world)).toEqual(outcomes.map((report) => ({ userId: USER.uid, report })));
    expect(reported(world)).toEqual([]);

    expect(await world.app.sync.refresh()).toBe('synced');
    const request = world.chrome.server.requests.find((candidate) => candidate.url.pathname === REPORT);
    expect(request?.method).toBe('POST');
    expect(request?.headers.get('Authorization')).toBe('Bearer session-1');
    expect(request?.headers.get('X-App-Platform')).toBe('Extension');
    expect(reported(world)).toEqual(outcomes);
    expect(await pending(world)).toBeUndefined();

    await world.app.sync.refresh();
    expect(reported(world)).toHaveLength(2);
  });

  it('survive the worker stopping before the sync', async () => {
    const world = createWorld();
    await world.signIn();
    const outcome = interceptOutcome();
    await queue(world, [outcome]);
    world.restart();
    await world.app.sync.refresh();
    expect(reported(world)).toEqual([outcome]);
  });

  it('collapse when the same pause and outcome is queued again', async () => {
    const world = createWorld();
    await world.signIn();
    const nevermind = interceptOutcome();
    const shown = { ...nevermind, outcome: 'shown' as const };
    expect(await queue(world, [nevermind, nevermind])).toEqual({ status: 'success', queued: 1 });
    expect(await queue(world, [nevermind, shown])).toEqual({ status: 'success', queued: 2 });
    await world.app.sync.refresh();
    expect(reported(world)).toEqual([nevermind, shown]);
  });

  it('stay queued while the server cannot be reached, and are sent once when it can', async () => {
    const world = createWorld();
    await world.signIn();
    const outcome = interceptOutcome();
    await queue(world, [outcome]);

    world.chrome.server.setOffline(true);
    expect(await world.app.sync.refresh()).toBe('offline');
    expect(await pending(world)).toHaveLength(1);

    world.chrome.server.setOffline(false);
    await world.app.sync.refresh();
    await world.app.sync.refresh();
    expect(reported(world)).toEqual([outcome]);
    expect(await pending(world)).toBeUndefined();
  });

  it('stay queued after a server error', async () => {
    const world = createWorld();
    await world.signIn();
    await queue(world, [interceptOutcome()]);
    world.chrome.server.fail(REPORT, 503, 'INTERNAL', 'Something broke, sorry');
    expect(await world.app.sync.refresh()).toBe('synced');
    expect(await pending(world)).toHaveLength(1);
    expect(world.chrome.warnings).toContain(
      'Sending queued pause outcomes failed; they stay queued for the next sync.',
    );
  });

  it.each([
    [404, 'NOT_FOUND', 'That site was not found.'],
    [400, 'BAD_REQUEST', 'outcomes.0.siteId: siteId must be a UUID'],
  ])(
    'are dropped, with a note in the log, when the server refuses them for good (%i)',
    async (status, code, error) => {
      const world = createWorld();
      await world.signIn();
      await queue(world, [interceptOutcome()]);
      world.chrome.server.fail(REPORT, status, code, error);
      await world.app.sync.refresh();
      expect(await pending(world)).toBeUndefined();
      expect(world.chrome.warnings).toContain('The server refused a queued pause outcome; it is dropped.');
      await world.app.sync.refresh();
      expect(world.calls(REPORT)).toBe(1);
    },
  );

  it('lose only the one the server refuses when a batch mixes it with good ones', async () => {
    const world = createWorld();
    await world.signIn();
    const deletedSite = interceptOutcome({ siteId: '00000000-0000-4000-8000-00000000dead' });
    const good = [interceptOutcome(), interceptOutcome()];
    await queue(world, [good[0] as InterceptOutcomeReport, deletedSite, good[1] as InterceptOutcomeReport]);
    // Like the server: one site that is not the person's refuses the whole batch.
    world.chrome.server.on(REPORT, ({ body }) => {
      const { outcomes } = body as { outcomes: InterceptOutcomeReport[] };
      if (outcomes.some((outcome) => outcome.siteId === deletedSite.siteId)) {
        return {
          status: 404,
          json: { success: false, code: 'NOT_FOUND', error: 'That site was not found.' },
        };
      }
      world.server.reported.push(...outcomes);
      return { json: { success: true, data: { ok: true, recorded: outcomes.length, duplicates: 0 } } };
    });
    await world.app.sync.refresh();
    expect(reported(world)).toEqual(good);
    expect(await pending(world)).toBeUndefined();
  });

  it('are never sent with another person’s session', async () => {
    const world = createWorld();
    await world.signIn();
    world.chrome.server.setOffline(true);
    await queue(world, [interceptOutcome()]);
    world.chrome.server.setOffline(false);
    world.chrome.server.on('/api/exchangeExtensionToken', () => ({
      json: { success: true, data: { sessionToken: 'session-2', user: { ...USER, uid: 'user-2' } } },
    }));
    await world.send({ type: 'USER_ACCESS_TOKEN_EXCHANGE', token: 'any' });
    await settle();
    await world.app.sync.refresh();
    expect(reported(world)).toEqual([]);
    expect(await pending(world)).toBeUndefined();
  });

  it('go out in batches the server accepts, oldest first', async () => {
    const world = createWorld();
    await world.signIn();
    const outcomes = Array.from({ length: 250 }, () => interceptOutcome());
    for (let start = 0; start < outcomes.length; start += OUTCOME_BATCH_SIZE) {
      await queue(world, outcomes.slice(start, start + OUTCOME_BATCH_SIZE));
    }
    await world.app.sync.refresh();
    const batches = world.chrome.server.requests
      .filter((request) => request.url.pathname === REPORT)
      .map((request) => (request.body as { outcomes: unknown[] }).outcomes.length);
    expect(batches).toEqual([100, 100, 50]);
    expect(reported(world)).toEqual(outcomes);
  });

  it('keep the batches already accepted when a later one fails', async () => {
    const world = createWorld();
    await world.signIn();
    const outcomes = Array.from({ length: 150 }, () => interceptOutcome());
    await queue(world, outcomes.slice(0, 100));
    await queue(world, outcomes.slice(100));
    let calls = 0;
    world.chrome.server.on(REPORT, () =>
      ++calls === 1
        ? { json: { success: true, data: { ok: true, recorded: 100, duplicates: 0 } } }
        : { status: 500, json: { success: false, code: 'INTERNAL', error: 'Something broke, sorry' } },
    );
    await world.app.sync.refresh();
    expect(await pending(world)).toEqual(outcomes.slice(100).map((report) => ({ userId: USER.uid, report })));
  });

  it('hold at most the newest 500', async () => {
    const world = createWorld();
    await world.signIn();
    world.chrome.server.setOffline(true);
    const outcomes = Array.from({ length: MAX_PENDING_OUTCOMES + 20 }, () => interceptOutcome());
    let reply: unknown;
    for (let start = 0; start < outcomes.length; start += OUTCOME_BATCH_SIZE) {
      reply = await queue(world, outcomes.slice(start, start + OUTCOME_BATCH_SIZE));
    }
    expect(reply).toEqual({ status: 'success', queued: MAX_PENDING_OUTCOMES });
    const kept = (await pending(world)) as { report: InterceptOutcomeReport }[];
    expect(kept.map((entry) => entry.report)).toEqual(outcomes.slice(20));
    expect(world.chrome.warnings).toContain('The pause outcome queue is full; dropped the 20 oldest.');
  });

  it('queued while a batch is in flight are neither lost nor sent twice', async () => {
    const world = createWorld();
    await world.signIn();
    const first = interceptOutcome();
    const second = interceptOutcome();
    await queue(world, [first]);
    const serverFetch = world.chrome.platform.fetch;
    let release: () => void = () => undefined;
    world.chrome.platform.fetch = async (input, init) => {
      if (new URL(String(input)).pathname === REPORT)
        await new Promise<void>((resolve) => (release = resolve));
      return serverFetch(input, init);
    };
    const syncing = world.app.sync.refresh();
    await settle();
    await queue(world, [second]);
    release();
    await syncing;
    expect(reported(world)).toEqual([first]);
    world.chrome.platform.fetch = serverFetch;
    await world.app.sync.refresh();
    expect(reported(world)).toEqual([first, second]);
  });

  it('are refused while the extension is signed out, or from a page that may not talk to it', async () => {
    const world = createWorld();
    expect(await queue(world, [interceptOutcome()])).toEqual({
      status: 'error',
      error: 'The extension is not signed in.',
    });
    await world.signIn();
    const reply = await world.send(
      { type: 'QUEUE_INTERCEPT_OUTCOMES', outcomes: [interceptOutcome()] },
      'https://evil.example',
    );
    expect(reply.status).toBe('error');
    expect(await pending(world)).toBeUndefined();
  });
});
