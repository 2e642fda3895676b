import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client';
import { analyticsEvent } from '../src/db/schema';
import { OLDEST_EVENT_AGE_MS } from '../src/modules/analytics/service';
import { call, failureOf, signUp } from './support/api';
import { buildTestApp } from './support/app';
import { randomIp } from './support/auth';
import { openTestDatabase } from './support/database';
import { startWebhook, until } from './support/webhook';

describe('the analytics proxy (trackAnalyticsEvent)', () => {
  let database: DatabaseHandle;
  let collector: Awaited<ReturnType<typeof startWebhook>>;
  /** Forwards to a local collector. */
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await openTestDatabase();
    collector = await startWebhook();
    app = await buildTestApp(database, { analyticsForwardUrl: collector.url });
  });
  afterAll(async () => {
    await app.close();
    await collector.close();
    await database.close();
  });

  const track = (target: FastifyInstance, body: unknown, options: { token?: string; ip?: string } = {}) =>
    call(target, 'trackAnalyticsEvent', body, options);
  /** Each test tracks its own event name, so rows are easy to find. */
  const rows = (name: string) =>
    database.db.select().from(analyticsEvent).where(eq(analyticsEvent.name, name));

  it('stores an event from a signed-out visitor, and forwards it', async () => {
    const occurredAt = Date.now() - 60_000;
    const res = await track(app, {
      name: 'viewAddSiteModal',
      properties: { from: 'home', step: 2, ok: true },
      occurredAt,
    });
    expect(res.json()).toEqual({ success: true, data: { ok: true } });

    const [row] = await rows('viewAddSiteModal');
    expect(row).toMatchObject({ userId: null, properties: { from: 'home', step: 2, ok: true } });
    expect(row?.occurredAt.getTime()).toBe(occurredAt);

    const forwarded = await collector.waitForMention('viewAddSiteModal');
    await until(async () => (await rows('viewAddSiteModal'))[0]?.forwardedAt != null, 'forwardedAt');
    expect((await rows('viewAddSiteModal'))[0]).toMatchObject({ forwardAttempts: 1, lastForwardError: null });
    expect(forwarded.body).toEqual({
      name: 'viewAddSiteModal',
      properties: { from: 'home', step: 2, ok: true },
      userId: null,
      occurredAt: new Date(occurredAt).toISOString(),
      receivedAt: expect.any(String),
    });
  });

  it('ties the event to the signed-in user when a valid session token is sent', async () => {
    const sam = await signUp(app);
    await track(
      app,
      { name: 'addedNewSite', properties: { siteOrigin: 'https://youtube.com' } },
      { token: sam.token },
    );
    expect((await rows('addedNewSite'))[0]?.userId).toBe(sam.uid);
    expect((await collector.waitForMention('addedNewSite')).body).toMatchObject({ userId: sam.uid });
  });

  it('stores an event with a stale token as anonymous rather than refusing it', async () => {
    const res = await track(app, { name: 'closeAddSiteModal' }, { token: 'revoked-or-made-up' });
    expect(res.statusCode).toBe(200);
    expect(await rows('closeAddSiteModal')).toEqual([
      expect.objectContaining({ userId: null, properties: {} }),
    ]);
  });

  it('records the receive time when the client sends none, and keeps client times within bounds', async () => {
    const before = Date.now();
    await track(app, { name: 'noTime' });
    await track(app, { name: 'fromTheFuture', occurredAt: Date.now() + 86_400_000 });
    await track(app, { name: 'fromLongAgo', occurredAt: 1_000 });
    const after = Date.now();

    const noTime = (await rows('noTime'))[0]?.occurredAt.getTime() ?? 0;
    expect(noTime).toBeGreaterThanOrEqual(before);
    expect(noTime).toBeLessThanOrEqual(after);
    const future = (await rows('fromTheFuture'))[0]?.occurredAt.getTime() ?? 0;
    expect(future).toBeLessThanOrEqual(after);
    const old = (await rows('fromLongAgo'))[0]?.occurredAt.getTime() ?? 0;
    expect(old).toBeGreaterThanOrEqual(before - OLDEST_EVENT_AGE_MS);
    expect(old).toBeLessThanOrEqual(after - OLDEST_EVENT_AGE_MS);
  });

  it('keeps events when forwarding fails, and only stores them when no forwarding is configured', async () => {
    const broken = await startWebhook({ status: 503 });
    const brokenApp = await buildTestApp(database, { analyticsForwardUrl: broken.url });
    const localApp = await buildTestApp(database);
    try {
      expect((await track(brokenApp, { name: 'forwardFails' })).statusCode).toBe(200);
      await broken.waitForMention('forwardFails');
      expect((await track(localApp, { name: 'storedOnly' })).statusCode).toBe(200);
    } finally {
      await brokenApp.close();
      await localApp.close();
      await broken.close();
    }
    // Closing waited for both forwards. The failure is kept for the forwarding job to try again;
    // with no forwarding configured, the table is where the event goes, so it counts as forwarded.
    expect(await rows('forwardFails')).toEqual([
      expect.objectContaining({
        forwardedAt: null,
        forwardAttempts: 1,
        lastForwardError: 'the analytics forward URL answered 503',
      }),
    ]);
    expect(await rows('storedOnly')).toEqual([
      expect.objectContaining({ forwardedAt: expect.any(Date), forwardAttempts: 1 }),
    ]);
    expect(collector.received.some((request) => JSON.stringify(request.body).includes('storedOnly'))).toBe(
      false,
    );
  });

  it.each([
    ['no name', { properties: {} }, 'name'],
    ['a blank name', { name: '   ' }, 'name is required'],
    [
      'nested properties',
      { name: 'x', properties: { deep: { a: 1 } } },
      'properties values must be text, numbers or booleans',
    ],
    ['a time as text', { name: 'x', occurredAt: 'yesterday' }, 'occurredAt must be a number'],
    ['an extra field', { name: 'x', userId: 'someone' }, 'userId'],
    ['a NUL byte in the name', { name: 'bad\u0000name' }, 'name cannot contain the NUL character'],
    [
      'a NUL byte in a property',
      { name: 'x', properties: { page: 'a\u0000b' } },
      'properties.page cannot contain the NUL character',
    ],
  ])('answers %s with a readable 400', async (_case, body, mention) => {
    const failure = failureOf(await track(app, body));
    expect(failure).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
      error: expect.stringContaining(mention),
    });
  });

  it('limits how many events one address can send', async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 241; i += 1) {
      statuses.push((await track(app, { name: 'scrollDepth', properties: { i } }, { ip })).statusCode);
    }
    expect(statuses.slice(0, 240).every((status) => status === 200)).toBe(true);
    expect(statuses[240]).toBe(429);
    // Another address is not held back.
    expect((await track(app, { name: 'scrollDepth' })).statusCode).toBe(200);
  });
});
