import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../src/config';
import type { DatabaseHandle } from '../src/db/client';
import { adEvent } from '../src/db/schema';
import { call, failureOf, signUp } from './support/api';
import { buildTestApp } from './support/app';
import { randomIp } from './support/auth';
import { openTestDatabase } from './support/database';
import { until } from './support/webhook';

interface TikTokRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: { data: { event_id: string; user?: Record<string, string> }[] } & Record<string, unknown>;
}

/**
 * A local stand-in for TikTok's Events API: records each request and answers as TikTok does,
 * HTTP 200 with `code` 0, unless told to fail (an HTTP status, or a refusing `code`).
 */
async function startTikTok(answer: { status?: number; code?: number } = {}) {
  const received: TikTokRequest[] = [];
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    received.push({
      method: request.method ?? '',
      url: request.url ?? '',
      headers: request.headers,
      body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
    });
    const code = answer.code ?? 0;
    response.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ code, message: code === 0 ? 'OK' : 'Invalid pixel', data: {} }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/open_api/v1.3/event/track/`,
    received,
    /** The requests that carried the event `eventId`. */
    requestsFor: (eventId: string) =>
      received.filter((request) => request.body.data.some((event) => event.event_id === eventId)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const ACCESS_TOKEN = 'test-tiktok-access-token-0123456789';
const PIXEL = 'C4TESTPIXEL0123456789';
const tiktokConfig = (url: string): Partial<Config> => ({
  tiktok: { accessToken: ACCESS_TOKEN, eventsUrl: url },
});
const secondsAgo = (seconds: number) => Math.floor(Date.now() / 1000) - seconds;
const anEvent = (overrides: Record<string, unknown> = {}) => ({
  event: 'ViewContent',
  eventId: randomUUID(),
  properties: { step: 'LANDING', value: 0 },
  eventTime: secondsAgo(5),
  pixelCode: PIXEL,
  ...overrides,
});

describe('TikTok events (trackTikTokEvent)', () => {
  let database: DatabaseHandle;
  let tiktok: Awaited<ReturnType<typeof startTikTok>>;
  /** Forwards to the stand-in. */
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await openTestDatabase();
    tiktok = await startTikTok();
    app = await buildTestApp(database, tiktokConfig(tiktok.url));
  });
  afterAll(async () => {
    await app.close();
    await tiktok.close();
    await database.close();
  });

  const track = (target: FastifyInstance, body: unknown, options: { token?: string; ip?: string } = {}) =>
    call(target, 'trackTikTokEvent', body, options);
  const rows = (eventId: string) => database.db.select().from(adEvent).where(eq(adEvent.eventId, eventId));
  const forwarded = async (eventId: string) => (await rows(eventId))[0]?.forwardedAt != null;

  it('stores an event from a signed-out visitor, forwards it once to TikTok and marks it forwarded', async () => {
    const body = anEvent({ event: 'CompletePayment', properties: { currency: 'USD', value: 39.99 } });
    const res = await app.inject({
      method: 'POST',
      url: '/api/trackTikTokEvent',
      headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 (test)' },
      payload: JSON.stringify(body),
      remoteAddress: '10.1.2.3',
    });
    expect(res.json()).toEqual({ success: true, data: { ok: true } });

    await until(() => forwarded(body.eventId), 'the event to be marked forwarded');
    const [row] = await rows(body.eventId);
    expect(row).toMatchObject({
      event: 'CompletePayment',
      properties: { currency: 'USD', value: 39.99 },
      pixelCode: PIXEL,
      userId: null,
    });
    expect(row?.eventTime.getTime()).toBe(body.eventTime * 1000);
    expect(row?.forwardedAt).toBeInstanceOf(Date);

    const requests = tiktok.requestsFor(body.eventId);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.url).toBe('/open_api/v1.3/event/track/');
    expect(requests[0]?.headers['access-token']).toBe(ACCESS_TOKEN);
    expect(requests[0]?.headers['content-type']).toBe('application/json');
    expect(requests[0]?.body).toEqual({
      event_source: 'web',
      event_source_id: PIXEL,
      data: [
        {
          event: 'CompletePayment',
          event_time: body.eventTime,
          event_id: body.eventId,
          user: { ip: '10.1.2.3', user_agent: 'Mozilla/5.0 (test)' },
          properties: { currency: 'USD', value: 39.99 },
        },
      ],
    });
  });

  it('ties the event to the signed-in user and sends TikTok only a hash of the user id', async () => {
    const sam = await signUp(app);
    const body = anEvent({ event: 'CompleteRegistration' });
    expect((await track(app, body, { token: sam.token })).statusCode).toBe(200);
    await until(() => forwarded(body.eventId), 'the event to be marked forwarded');
    expect((await rows(body.eventId))[0]?.userId).toBe(sam.uid);
    const user = tiktok.requestsFor(body.eventId)[0]?.body.data[0]?.user;
    expect(user?.external_id).toBe(createHash('sha256').update(sam.uid).digest('hex'));
    expect(JSON.stringify(user)).not.toContain(sam.uid);
  });

  it('stores an event with a stale token as anonymous rather than refusing it', async () => {
    const body = anEvent();
    expect((await track(app, body, { token: 'revoked-or-made-up' })).statusCode).toBe(200);
    expect((await rows(body.eventId))[0]?.userId).toBeNull();
  });

  it('stores and forwards one event when the same eventId arrives ten times at once', async () => {
    const stand = await startTikTok();
    const own = await buildTestApp(database, tiktokConfig(stand.url));
    const body = anEvent({ event: 'InitiateCheckout' });
    try {
      const answers = await Promise.all(Array.from({ length: 10 }, () => track(own, body)));
      for (const res of answers) expect(res.json()).toEqual({ success: true, data: { ok: true } });
      // A late copy, after the first was forwarded, is acknowledged and not forwarded either.
      await until(() => forwarded(body.eventId), 'the event to be marked forwarded');
      expect((await track(own, { ...body, event: 'Changed' })).statusCode).toBe(200);
    } finally {
      // Closing waits for every forward still running.
      await own.close();
      await stand.close();
    }
    expect(await rows(body.eventId)).toEqual([expect.objectContaining({ event: 'InitiateCheckout' })]);
    expect(stand.requestsFor(body.eventId)).toHaveLength(1);
  });

  it.each([
    ['answers 500', { status: 500 }],
    ['refuses the event with a non-zero code', { code: 40001 }],
  ])('keeps the event unforwarded when TikTok %s', async (_case, answer) => {
    const failing = await startTikTok(answer);
    const own = await buildTestApp(database, tiktokConfig(failing.url));
    const body = anEvent();
    try {
      expect((await track(own, body)).json()).toEqual({ success: true, data: { ok: true } });
    } finally {
      await own.close();
      await failing.close();
    }
    expect(failing.requestsFor(body.eventId)).toHaveLength(1);
    // Kept for the forwarding job to try again (forwarding.test.ts).
    expect(await rows(body.eventId)).toEqual([
      expect.objectContaining({
        forwardedAt: null,
        forwardAttempts: 1,
        nextForwardAt: expect.any(Date),
        lastForwardError: expect.stringMatching(/^TikTok's Events API (answered 500|refused the event)/),
      }),
    ]);
  });

  it('only stores the event when TIKTOK_ACCESS_TOKEN is not set, and counts it forwarded', async () => {
    const local = await buildTestApp(database);
    const body = anEvent();
    try {
      expect((await track(local, body)).statusCode).toBe(200);
    } finally {
      await local.close();
    }
    // Not tried again later, so a token configured afterwards does not send old events.
    expect(await rows(body.eventId)).toEqual([
      expect.objectContaining({ forwardedAt: expect.any(Date), forwardAttempts: 1 }),
    ]);
    expect(tiktok.requestsFor(body.eventId)).toHaveLength(0);
  });

  it('records a time slightly in the future as now', async () => {
    const body = anEvent({ eventTime: secondsAgo(-3600) });
    const before = Date.now();
    expect((await track(app, body)).statusCode).toBe(200);
    expect((await rows(body.eventId))[0]?.eventTime.getTime()).toBeLessThanOrEqual(Date.now());
    expect((await rows(body.eventId))[0]?.eventTime.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it.each([
    ['no body fields', {}, 'event must be text'],
    ['a missing eventId', anEvent({ eventId: undefined }), 'eventId must be text'],
    ['a blank event', anEvent({ event: '  ' }), 'event is required'],
    ['an event as a number', anEvent({ event: 5 }), 'event must be text'],
    ['a missing properties', anEvent({ properties: undefined }), 'properties must be an object'],
    ['properties as a list', anEvent({ properties: ['a'] }), 'properties must be an object'],
    [
      'nested properties',
      anEvent({ properties: { deep: { a: 1 } } }),
      'properties values must be text, numbers or booleans',
    ],
    [
      'huge properties',
      anEvent({ properties: { note: 'x'.repeat(5000) } }),
      'properties can be at most 4 KB of JSON',
    ],
    ['a NUL in eventId', anEvent({ eventId: 'abc\u0000def' }), 'eventId cannot contain the NUL character'],
    ['a NUL in event', anEvent({ event: 'View\u0000' }), 'event cannot contain the NUL character'],
    [
      'a NUL in a property value',
      anEvent({ properties: { step: 'LAND\u0000ING' } }),
      'properties.step cannot contain the NUL character',
    ],
    [
      'a NUL in a property name',
      anEvent({ properties: { 'st\u0000ep': 1 } }),
      'properties: property names cannot contain the NUL character',
    ],
    ['a time as text', anEvent({ eventTime: 'now' }), 'eventTime must be a number'],
    ['a fractional time', anEvent({ eventTime: 1_750_000_000.5 }), 'eventTime must be whole seconds'],
    [
      'a time in milliseconds',
      anEvent({ eventTime: Date.now() }),
      'eventTime must be epoch seconds (not milliseconds)',
    ],
    ['a time before 2020', anEvent({ eventTime: 1_000 }), 'eventTime must be epoch seconds after 2020'],
    [
      'a time over a week old',
      anEvent({ eventTime: secondsAgo(8 * 86_400) }),
      'eventTime is more than 7 days ago',
    ],
    [
      'a time days ahead',
      anEvent({ eventTime: secondsAgo(-3 * 86_400) }),
      'eventTime is more than a day in the future',
    ],
    ['a pixel code with spaces', anEvent({ pixelCode: 'C4 PIXEL' }), 'pixelCode must be letters, digits'],
    ['an extra field', anEvent({ userId: 'someone' }), 'userId'],
  ])('answers %s with a readable 400 and stores nothing', async (_case, body, mention) => {
    const failure = failureOf(await track(app, body));
    expect(failure).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
      error: expect.stringContaining(mention),
    });
    const eventId = (body as { eventId?: unknown }).eventId;
    if (typeof eventId === 'string' && !eventId.includes('\u0000')) expect(await rows(eventId)).toEqual([]);
  });

  it('limits how many events one address can send', async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) statuses.push((await track(app, anEvent(), { ip })).statusCode);
    expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
    expect(failureOf(await track(app, anEvent(), { ip }))).toMatchObject({ code: 'RATE_LIMITED' });
    // Another address is not held back.
    expect((await track(app, anEvent())).statusCode).toBe(200);
  });
});
