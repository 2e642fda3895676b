import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { Config } from '../src/config';
import type { DatabaseHandle } from '../src/db/client';
import { adEvent, analyticsEvent, feedbackMessage } from '../src/db/schema';
import { MAX_FORWARD_ATTEMPTS, retryDelayMs } from '../src/forwarding/backoff';
import { FORWARDING_GRACE_MS, FORWARDING_LEASE_MS } from '../src/forwarding/job';
import type { TeamChat } from '../src/integrations/team-chat';
import { call } from './support/api';
import { buildTestApp, type TestAppOptions } from './support/app';
import { openTestDatabase } from './support/database';
import { until } from './support/webhook';

/**
 * A local stand-in for an outside service (a chat webhook, an analytics collector, TikTok's
 * Events API): it refuses the first `refuseFirst` requests, then accepts. It records every request
 * and, separately, the ones it accepted: what "arrived".
 */
async function startService({
  refuseFirst = 0,
  delayMs = 0,
  refusal = { status: 500, body: 'down' },
  acceptance = { status: 200, body: 'ok' },
}: {
  refuseFirst?: number;
  delayMs?: number;
  refusal?: { status: number; body: string };
  acceptance?: { status: number; body: string };
} = {}) {
  const received: unknown[] = [];
  const accepted: unknown[] = [];
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    received.push(body);
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    const refuse = received.length <= refuseFirst;
    if (!refuse) accepted.push(body);
    const answer = refuse ? refusal : acceptance;
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const mentioning = (list: unknown[], text: string) =>
    list.filter((body) => JSON.stringify(body).includes(text));
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    accepted,
    /** Requests that carried `text`, accepted or not. */
    requestsMentioning: (text: string) => mentioning(received, text),
    /** Requests that carried `text` and were accepted: how often it arrived. */
    arrivalsOf: (text: string) => mentioning(accepted, text),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
type Service = Awaited<ReturnType<typeof startService>>;

/** Everything a test opened, closed after it in reverse order. */
const opened: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (opened.length > 0) await opened.pop()?.();
});

async function freshDatabase(): Promise<DatabaseHandle> {
  const database = await openTestDatabase();
  opened.push(() => database.close());
  return database;
}
async function service(options: Parameters<typeof startService>[0] = {}): Promise<Service> {
  const started = await startService(options);
  opened.push(started.close);
  return started;
}
async function instance(
  database: DatabaseHandle,
  config: Partial<Config>,
  options: TestAppOptions = {},
): Promise<FastifyInstance> {
  const app = await buildTestApp(database, config, options);
  opened.push(() => app.close());
  return app;
}

const secondsAfter = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000);
/**
 * When the job may next take a row: its backoff has passed and it is older than the grace period.
 * The database keeps microseconds and a Date only milliseconds, hence the extra one.
 */
const dueAt = (row: { nextForwardAt: Date | null }, storedAt: Date) =>
  new Date(Math.max(row.nextForwardAt?.getTime() ?? 0, storedAt.getTime() + FORWARDING_GRACE_MS + 1));

const feedbackRow = async (database: DatabaseHandle, content: string) => {
  const [row] = await database.db.select().from(feedbackMessage).where(eq(feedbackMessage.content, content));
  if (!row) throw new Error(`no feedback row "${content}"`);
  return row;
};
/** Waits for the attempt right after the answer to be recorded on the row. */
const firstAttemptRecorded = (database: DatabaseHandle, content: string) =>
  until(async () => (await feedbackRow(database, content)).forwardAttempts === 1, 'the first attempt');

/** A message stored a while ago whose forward never went out (as after a crash). */
async function storeOldFeedback(database: DatabaseHandle, content: string, storedAgoMs = 5 * 60_000) {
  await database.db
    .insert(feedbackMessage)
    .values({ content, location: 'web app feedback - home', createdAt: new Date(Date.now() - storedAgoMs) });
}

describe('forwarding retries: feedback to the team chat', () => {
  it('delivers a message exactly once when the webhook fails twice, then succeeds', async () => {
    const database = await freshDatabase();
    const chat = await service({ refuseFirst: 2 });
    const app = await instance(database, { feedbackWebhookUrl: chat.url });
    const content = 'Refused twice, then welcome';

    expect((await call(app, 'sendFeedback', { content, location: 'home' })).statusCode).toBe(200);
    await firstAttemptRecorded(database, content);
    const first = await feedbackRow(database, content);
    expect(first).toMatchObject({
      forwardedAt: null,
      forwardGivenUpAt: null,
      lastForwardError: 'the team-chat webhook answered 500',
    });
    expect(first.nextForwardAt?.getTime()).toBeGreaterThanOrEqual(
      first.createdAt.getTime() + retryDelayMs(1),
    );

    // Not yet due: nothing is sent.
    await app.forwarding.runOnce(secondsAfter(first.createdAt, 10));
    expect(chat.requestsMentioning(content)).toHaveLength(1);

    const secondAt = dueAt(first, first.createdAt);
    await app.forwarding.runOnce(secondAt);
    const second = await feedbackRow(database, content);
    expect(second).toMatchObject({ forwardAttempts: 2, forwardedAt: null });
    expect(second.nextForwardAt).toEqual(new Date(secondAt.getTime() + retryDelayMs(2)));

    const thirdAt = dueAt(second, second.createdAt);
    await app.forwarding.runOnce(thirdAt);
    expect(await feedbackRow(database, content)).toMatchObject({
      forwardAttempts: 3,
      forwardedAt: thirdAt,
      nextForwardAt: null,
      forwardGivenUpAt: null,
    });

    // Later runs leave a forwarded message alone.
    await app.forwarding.runOnce(secondsAfter(thirdAt, 7 * 86_400));
    expect(chat.requestsMentioning(content)).toHaveLength(3);
    expect(chat.arrivalsOf(content)).toHaveLength(1);
  });

  it('gives a message up after the last attempt, backing off between attempts, and keeps it', async () => {
    const database = await freshDatabase();
    const chat = await service({ refuseFirst: Number.POSITIVE_INFINITY });
    const app = await instance(database, { feedbackWebhookUrl: chat.url });
    const content = 'The chat is gone for good';

    await call(app, 'sendFeedback', { content, location: 'home' });
    await firstAttemptRecorded(database, content);
    for (let attempt = 2; attempt <= MAX_FORWARD_ATTEMPTS; attempt += 1) {
      const before = await feedbackRow(database, content);
      const at = dueAt(before, before.createdAt);
      await app.forwarding.runOnce(at);
      const after = await feedbackRow(database, content);
      expect(after.forwardAttempts).toBe(attempt);
      if (attempt < MAX_FORWARD_ATTEMPTS) {
        expect(after.nextForwardAt).toEqual(new Date(at.getTime() + retryDelayMs(attempt)));
      } else {
        expect(after).toMatchObject({ forwardGivenUpAt: at, nextForwardAt: null, forwardedAt: null });
      }
    }

    await app.forwarding.runOnce(secondsAfter(new Date(), 365 * 86_400));
    expect(chat.requestsMentioning(content)).toHaveLength(MAX_FORWARD_ATTEMPTS);
    expect(await feedbackRow(database, content)).toMatchObject({
      forwardAttempts: MAX_FORWARD_ATTEMPTS,
      lastForwardError: 'the team-chat webhook answered 500',
    });
  });

  it('leaves a brand-new message to the attempt made right after the answer', async () => {
    const database = await freshDatabase();
    const chat = await service();
    const app = await instance(database, { feedbackWebhookUrl: chat.url });
    await storeOldFeedback(database, 'Just stored', 0);
    const { createdAt } = await feedbackRow(database, 'Just stored');

    await app.forwarding.runOnce(new Date(createdAt.getTime() + FORWARDING_GRACE_MS - 1_000));
    expect(chat.requestsMentioning('Just stored')).toHaveLength(0);
    await app.forwarding.runOnce(new Date(createdAt.getTime() + FORWARDING_GRACE_MS));
    expect(chat.arrivalsOf('Just stored')).toHaveLength(1);
  });

  it('never sends one message twice when two server instances retry at the same time', async () => {
    const database = await freshDatabase();
    const contents = Array.from({ length: 40 }, (_, i) => `Backlog message ${i + 1}.`);
    for (const content of contents) await storeOldFeedback(database, content);
    // Each instance posts to its own chat, slowly, so their runs overlap and both take a share.
    const chatA = await service({ delayMs: 15 });
    const chatB = await service({ delayMs: 15 });
    const a = await instance(database, { feedbackWebhookUrl: chatA.url });
    const b = await instance(database, { feedbackWebhookUrl: chatB.url });

    // Two runs on each instance, all started together, so their claims meet.
    const at = new Date();
    await Promise.all([a, b, a, b].map((server) => server.forwarding.runOnce(at)));

    for (const content of contents) {
      expect([...chatA.arrivalsOf(content), ...chatB.arrivalsOf(content)], content).toHaveLength(1);
      expect(await feedbackRow(database, content), content).toMatchObject({
        forwardAttempts: 1,
        forwardedAt: at,
      });
    }
    expect(chatA.accepted.length).toBeGreaterThan(0);
    expect(chatB.accepted.length).toBeGreaterThan(0);
  });

  it('retries what a stopped instance had claimed but not sent, once its lease ends', async () => {
    const database = await freshDatabase();
    for (const content of ['Claimed 1', 'Claimed 2', 'Claimed 3']) await storeOldFeedback(database, content);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const sentByA: string[] = [];
    // The first post hangs until the test lets it go, so the server is closed mid-run.
    const stalling: TeamChat = {
      async post(text) {
        if (sentByA.length === 0) await held;
        sentByA.push(text);
      },
    };
    const a = await buildTestApp(database, {}, { teamChat: stalling });
    let aClosed = false;
    opened.push(async () => {
      if (!aClosed) await a.close();
    });
    const chat = await service();
    const b = await instance(database, { feedbackWebhookUrl: chat.url });

    const at = new Date();
    const run = a.forwarding.runOnce(at);
    await until(async () => (await feedbackRow(database, 'Claimed 3')).nextForwardAt !== null, 'the claim');
    const closing = a.close();
    // The post in flight finishes after closing began: the run stops there.
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    await Promise.all([run, closing]);
    aClosed = true;
    expect(sentByA).toHaveLength(1);

    await b.forwarding.runOnce(new Date(at.getTime() + FORWARDING_LEASE_MS - 1_000));
    expect(chat.accepted).toHaveLength(0);
    await b.forwarding.runOnce(new Date(at.getTime() + FORWARDING_LEASE_MS));
    expect(chat.accepted).toHaveLength(2);
    const rows = await database.db.select().from(feedbackMessage);
    expect(rows.every((row) => row.forwardedAt !== null && row.forwardAttempts === 1)).toBe(true);
  });

  it('runs on its own every interval when one is configured, and stops when the server closes', async () => {
    const database = await freshDatabase();
    const chat = await service();
    await storeOldFeedback(database, 'Left behind by a crash');
    const app = await buildTestApp(database, {
      feedbackWebhookUrl: chat.url,
      forwarding: { intervalSeconds: 1 },
    });
    try {
      await until(
        async () => (await feedbackRow(database, 'Left behind by a crash')).forwardedAt !== null,
        'the job',
      );
    } finally {
      await app.close();
    }
    const lastRunAt = app.forwarding.state().feedback.lastRunAt;
    expect(lastRunAt).not.toBeNull();
    // That a stopped timer runs nothing more is proven with fake time (src/periodic-job.test.ts);
    // here, that closing the server stops it: a run started now finds the job stopping and sends
    // nothing, and the scheduled run, one interval away, has been cleared.
    await app.forwarding.runOnce();
    expect(app.forwarding.state().feedback.lastRunAt).toBe(lastRunAt);
    expect(chat.arrivalsOf('Left behind by a crash')).toHaveLength(1);
  });
});

describe('forwarding retries: analytics and ad events', () => {
  it('forwards an analytics event the collector refused once, exactly once', async () => {
    const database = await freshDatabase();
    const collector = await service({ refuseFirst: 1 });
    const app = await instance(database, { analyticsForwardUrl: collector.url });
    const rowOf = async () => {
      const [row] = await database.db
        .select()
        .from(analyticsEvent)
        .where(eq(analyticsEvent.name, 'retriedEvent'));
      if (!row) throw new Error('no analytics row');
      return row;
    };

    await call(app, 'trackAnalyticsEvent', { name: 'retriedEvent', properties: { step: 3, ok: true } });
    await until(async () => (await rowOf()).forwardAttempts === 1, 'the first attempt');
    const first = await rowOf();
    expect(first).toMatchObject({
      forwardedAt: null,
      lastForwardError: 'the analytics forward URL answered 500',
    });

    const at = dueAt(first, first.receivedAt);
    await app.forwarding.runOnce(at);
    expect(await rowOf()).toMatchObject({ forwardAttempts: 2, forwardedAt: at });
    await app.forwarding.runOnce(secondsAfter(at, 86_400));
    expect(collector.arrivalsOf('retriedEvent')).toEqual([
      {
        name: 'retriedEvent',
        properties: { step: 3, ok: true },
        userId: null,
        occurredAt: first.occurredAt.toISOString(),
        receivedAt: first.receivedAt.toISOString(),
      },
    ]);
  });

  it('forwards an ad event TikTok refused once, exactly once, without the caller details it never stored', async () => {
    const database = await freshDatabase();
    const tiktok = await service({
      refuseFirst: 1,
      refusal: { status: 200, body: JSON.stringify({ code: 40001, message: 'Invalid pixel' }) },
      acceptance: { status: 200, body: JSON.stringify({ code: 0, message: 'OK' }) },
    });
    const app = await instance(database, {
      tiktok: { accessToken: 'test-tiktok-access-token-0123456789', eventsUrl: tiktok.url },
    });
    const eventId = randomUUID();
    const rowOf = async () => {
      const [row] = await database.db.select().from(adEvent).where(eq(adEvent.eventId, eventId));
      if (!row) throw new Error('no ad event row');
      return row;
    };

    await app.inject({
      method: 'POST',
      url: '/api/trackTikTokEvent',
      headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 (test)' },
      payload: JSON.stringify({
        event: 'CompletePayment',
        eventId,
        properties: { currency: 'USD', value: 39.99 },
        eventTime: Math.floor(Date.now() / 1000) - 5,
        pixelCode: 'C4TESTPIXEL0123456789',
      }),
      remoteAddress: '10.1.2.3',
    });
    await until(async () => (await rowOf()).forwardAttempts === 1, 'the first attempt');
    const first = await rowOf();
    expect(first).toMatchObject({
      forwardedAt: null,
      lastForwardError: "TikTok's Events API refused the event: Invalid pixel (code 40001)",
    });

    const at = dueAt(first, first.createdAt);
    await app.forwarding.runOnce(at);
    expect(await rowOf()).toMatchObject({ forwardAttempts: 2, forwardedAt: at });
    await app.forwarding.runOnce(secondsAfter(at, 86_400));

    const [firstTry, retry] = tiktok.requestsMentioning(eventId) as { data: { user: object }[] }[];
    expect(firstTry?.data[0]?.user).toEqual({ ip: '10.1.2.3', user_agent: 'Mozilla/5.0 (test)' });
    expect(retry?.data[0]?.user).toEqual({});
    expect(tiktok.arrivalsOf(eventId)).toHaveLength(1);
  });
});

describe('forwarding state in /api/readyz', () => {
  it('reports each kind after a run, and stays ready while forwards fail', async () => {
    const database = await freshDatabase();
    const chat = await service({ refuseFirst: Number.POSITIVE_INFINITY });
    const app = await instance(database, { feedbackWebhookUrl: chat.url });
    const readiness = async () => {
      const res = await app.inject({ method: 'GET', url: '/api/readyz' });
      expect(res.statusCode).toBe(200);
      return (res.json() as { data: Record<string, unknown> }).data;
    };
    const notRunYet = { lastRunAt: null, pending: null, givenUp: null, lastError: null };
    expect((await readiness()).forwarding).toEqual({
      intervalSeconds: 0,
      feedback: notRunYet,
      analytics: notRunYet,
      adEvents: notRunYet,
      newsletter: notRunYet,
    });

    await call(app, 'sendFeedback', { content: 'Nobody hears this', location: 'home' });
    await firstAttemptRecorded(database, 'Nobody hears this');
    const row = await feedbackRow(database, 'Nobody hears this');
    const at = dueAt(row, row.createdAt);
    await app.forwarding.runOnce(at);

    const ranClean = { lastRunAt: at.toISOString(), pending: 0, givenUp: 0, lastError: null };
    // Other parts of readiness (the rate-limit store) have their own tests.
    expect(await readiness()).toMatchObject({
      status: 'ready',
      database: database.driver.kind,
      forwarding: {
        intervalSeconds: 0,
        feedback: {
          lastRunAt: at.toISOString(),
          pending: 1,
          givenUp: 0,
          lastError: 'the team-chat webhook answered 500',
        },
        analytics: ranClean,
        adEvents: ranClean,
        newsletter: ranClean,
      },
    });
  });
});
