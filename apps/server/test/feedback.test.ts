import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client';
import { feedbackMessage } from '../src/db/schema';
import { rateLimits } from '../src/http/rate-limit';
import { httpTeamChat } from '../src/integrations/team-chat/http';
import { call, callOk, failureOf, signUp } from './support/api';
import { buildTestApp } from './support/app';
import { randomIp } from './support/auth';
import { openTestDatabase } from './support/database';
import { startWebhook, until } from './support/webhook';

type Webhook = Awaited<ReturnType<typeof startWebhook>>;

describe('feedback (sendFeedback)', () => {
  let database: DatabaseHandle;
  let webhook: Webhook;
  /** Forwards to a working webhook. */
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await openTestDatabase();
    webhook = await startWebhook();
    app = await buildTestApp(database, { feedbackWebhookUrl: webhook.url });
  });
  afterAll(async () => {
    await app.close();
    await webhook.close();
    await database.close();
  });

  const send = (target: FastifyInstance, body: unknown, options: { token?: string; ip?: string } = {}) =>
    call(target, 'sendFeedback', body, options);
  const stored = async (content: string) =>
    database.db.select().from(feedbackMessage).where(eq(feedbackMessage.content, content));
  const textOf = (request: { body: unknown }) => (request.body as { text: string }).text;

  it('stores feedback from a signed-out visitor and posts it to the team chat', async () => {
    const res = await send(app, {
      content: 'The breathe page is lovely',
      location: 'web app feedback - home',
    });
    expect(res.json()).toEqual({ success: true, data: { ok: true } });

    const request = await webhook.waitForMention('The breathe page is lovely');
    expect(request?.method).toBe('POST');
    expect(request?.contentType).toBe('application/json');
    expect(textOf(request)).toBe(
      [
        'New feedback',
        'e-mail: none',
        'phone: none',
        'trial e-mail: none',
        'uid: none',
        'location: web app feedback - home',
        'message:',
        'The breathe page is lovely',
      ].join('\n'),
    );
    await until(
      async () => (await stored('The breathe page is lovely'))[0]?.forwardedAt != null,
      'forwardedAt',
    );
    const [row] = await stored('The breathe page is lovely');
    expect(row).toMatchObject({
      userId: null,
      location: 'web app feedback - home',
      email: null,
      trialEmail: null,
    });
  });

  it('names a signed-in sender by uid and phone, with the trial e-mail they signed in with', async () => {
    const sam = await signUp(app);
    await callOk(app, 'syncCurrentUser', { trialEmail: 'sam.trial@example.com' }, sam.token);
    await send(
      app,
      { content: 'Please add Safari', location: 'web app feedback - request browser' },
      { token: sam.token },
    );

    const [row] = await stored('Please add Safari');
    expect(row).toMatchObject({
      userId: sam.uid,
      phoneNumber: expect.stringMatching(/^\+1/),
      trialEmail: 'sam.trial@example.com',
    });
    const text = textOf(await webhook.waitForMention('Please add Safari'));
    expect(text).toContain(`uid: ${sam.uid}`);
    expect(text).toContain(`phone: ${row?.phoneNumber}`);
    expect(text).toContain('trial e-mail: sam.trial@example.com');
    // A phone account's placeholder address never leaves the server.
    expect(text).toContain('e-mail: none');
  });

  it('prefers the trial e-mail the page sends (restore purchase)', async () => {
    const sam = await signUp(app);
    await callOk(app, 'syncCurrentUser', { trialEmail: 'old@example.com' }, sam.token);
    await send(
      app,
      { content: 'Restore my purchase', location: 'restore purchase', trialEmail: 'new@example.com' },
      { token: sam.token },
    );
    expect((await stored('Restore my purchase'))[0]?.trialEmail).toBe('new@example.com');
  });

  it('treats an invalid session token as signed out rather than refusing the feedback', async () => {
    const res = await send(
      app,
      { content: 'Token gone stale', location: 'home' },
      { token: 'expired-or-made-up' },
    );
    expect(res.statusCode).toBe(200);
    expect((await stored('Token gone stale'))[0]?.userId).toBeNull();
  });

  it('keeps chat mentions and links in a message inert', async () => {
    await send(app, { content: '<!channel> look at <https://evil.example|this> & that', location: 'home' });
    const text = textOf(await webhook.waitForMention('look at'));
    expect(text).toContain('&lt;!channel&gt; look at &lt;https://evil.example|this&gt; &amp; that');
    expect(text).not.toContain('<!channel>');
  });

  it('keeps the message and answers success when the webhook fails', async () => {
    const failing = await startWebhook({ status: 500 });
    const failingApp = await buildTestApp(database, { feedbackWebhookUrl: failing.url });
    try {
      const res = await send(failingApp, { content: 'Webhook is down', location: 'home' });
      expect(res.statusCode).toBe(200);
      await failing.waitForMention('Webhook is down');
      // The failure is recorded on the row, for the forwarding job to try again (forwarding.test.ts).
      await until(async () => (await stored('Webhook is down'))[0]?.forwardAttempts === 1, 'the attempt');
      const [row] = await stored('Webhook is down');
      expect(row).toMatchObject({
        forwardedAt: null,
        forwardGivenUpAt: null,
        lastForwardError: 'the team-chat webhook answered 500',
      });
      expect(row?.nextForwardAt?.getTime()).toBeGreaterThan(Date.now());
    } finally {
      await failingApp.close();
      await failing.close();
    }
  });

  it('answers at once and keeps the message when the webhook is slow, giving up after its timeout', async () => {
    const slow = await startWebhook({ delayMs: 10_000 });
    const slowApp = await buildTestApp(
      database,
      {},
      { teamChat: httpTeamChat(slow.url, { timeoutMs: 300 }) },
    );
    try {
      const startedAt = Date.now();
      const res = await send(slowApp, { content: 'Slow webhook', location: 'home' });
      expect(res.statusCode).toBe(200);
      expect(Date.now() - startedAt).toBeLessThan(2_000);
      expect(await stored('Slow webhook')).toHaveLength(1);
    } finally {
      // Shutting down waits for the forward, which the timeout ends.
      await slowApp.close();
      await slow.close();
    }
    expect((await stored('Slow webhook'))[0]).toMatchObject({
      forwardedAt: null,
      forwardAttempts: 1,
      lastForwardError: expect.stringContaining('timeout'),
    });
  });

  it('keeps the message when no webhook is configured, and counts it forwarded once the log took it', async () => {
    const localApp = await buildTestApp(database);
    try {
      expect((await send(localApp, { content: 'No webhook here', location: 'home' })).statusCode).toBe(200);
    } finally {
      // Closing waits for the forward.
      await localApp.close();
    }
    expect(await stored('No webhook here')).toEqual([
      expect.objectContaining({ forwardedAt: expect.any(Date), forwardAttempts: 1, lastForwardError: null }),
    ]);
    expect(webhook.received.some((request) => JSON.stringify(request.body).includes('No webhook here'))).toBe(
      false,
    );
  });

  it.each([
    ['empty feedback', { content: '   ', location: 'home' }, 'Feedback cannot be empty'],
    ['no location', { content: 'Hi' }, 'location'],
    [
      'an invalid trial e-mail',
      { content: 'Hi', location: 'home', trialEmail: 'nope' },
      'Enter a valid e-mail address',
    ],
    ['a novel', { content: 'x'.repeat(5001), location: 'home' }, 'Feedback can be at most 5000 characters'],
    ['an extra field', { content: 'Hi', location: 'home', uid: 'someone-else' }, 'uid'],
  ])('answers %s with a readable 400 and stores nothing', async (_case, body, mention) => {
    const before = await database.db.select().from(feedbackMessage);
    const failure = failureOf(await send(app, body));
    expect(failure).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
      error: expect.stringContaining(mention),
    });
    expect(await database.db.select().from(feedbackMessage)).toHaveLength(before.length);
  });

  it('limits how often one address can send feedback', async () => {
    const ip = randomIp();
    const answers = [];
    for (let i = 0; i < 11; i += 1)
      answers.push((await send(app, { content: `Spam ${i}`, location: 'home' }, { ip })).statusCode);
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(failureOf(await send(app, { content: 'Spam again', location: 'home' }, { ip }))).toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
    });
    // Someone else is not held back.
    expect((await send(app, { content: 'Not spam', location: 'home' })).statusCode).toBe(200);
  });

  describe('restore purchase (requestPurchaseRestore)', () => {
    const restore = (target: FastifyInstance, body: unknown, options: { token?: string; ip?: string } = {}) =>
      call(target, 'requestPurchaseRestore', body, options);

    it('stores the request as feedback with its location and trial e-mail, and posts it to the team chat', async () => {
      const res = await restore(app, {
        content: 'I paid yesterday but premium is not showing',
        location: 'checkout',
        trialEmail: 'buyer@example.com',
      });
      expect(res.json()).toEqual({ success: true, data: { ok: true } });

      const request = await webhook.waitForMention('I paid yesterday but premium is not showing');
      expect(textOf(request)).toBe(
        [
          'Purchase restore request',
          'e-mail: none',
          'phone: none',
          'trial e-mail: buyer@example.com',
          'uid: none',
          'location: restore purchase - checkout',
          'message:',
          'I paid yesterday but premium is not showing',
        ].join('\n'),
      );
      await until(
        async () => (await stored('I paid yesterday but premium is not showing'))[0]?.forwardedAt != null,
        'forwardedAt',
      );
      expect((await stored('I paid yesterday but premium is not showing'))[0]).toMatchObject({
        userId: null,
        location: 'restore purchase - checkout',
        trialEmail: 'buyer@example.com',
      });
    });

    it('names a signed-in sender by uid and phone, keeping the trial e-mail the page sends', async () => {
      const sam = await signUp(app);
      await callOk(app, 'syncCurrentUser', { trialEmail: 'old@example.com' }, sam.token);
      await restore(
        app,
        { content: 'Restore for Sam please', location: 'webcheckout', trialEmail: 'sam.paid@example.com' },
        { token: sam.token },
      );
      const [row] = await stored('Restore for Sam please');
      expect(row).toMatchObject({
        userId: sam.uid,
        phoneNumber: expect.stringMatching(/^\+1/),
        trialEmail: 'sam.paid@example.com',
        location: 'restore purchase - webcheckout',
      });
      const text = textOf(await webhook.waitForMention('Restore for Sam please'));
      expect(text).toContain(`uid: ${sam.uid}`);
      expect(text).toContain('trial e-mail: sam.paid@example.com');
    });

    it.each([
      ['no trial e-mail', { content: 'Restore please', location: 'checkout' }, 'trialEmail'],
      [
        'an invalid trial e-mail',
        { content: 'Restore please', location: 'checkout', trialEmail: 'buyer@' },
        'Enter a valid e-mail address',
      ],
      [
        'an empty message',
        { content: ' ', location: 'checkout', trialEmail: 'buyer@example.com' },
        'Feedback cannot be empty',
      ],
      ['no location', { content: 'Restore please', trialEmail: 'buyer@example.com' }, 'location'],
      [
        'a NUL byte in the message',
        { content: 'Restore\u0000please', location: 'checkout', trialEmail: 'buyer@example.com' },
        'content cannot contain the NUL character',
      ],
      [
        'a location that would add lines to the team message',
        {
          content: 'Restore please',
          location: 'checkout\nuid: someone-else',
          trialEmail: 'buyer@example.com',
        },
        'location must be one line of text',
      ],
    ])('answers %s with a readable 400 and stores nothing', async (_case, body, mention) => {
      const before = await database.db.select().from(feedbackMessage);
      expect(failureOf(await restore(app, body))).toMatchObject({
        status: 400,
        code: 'BAD_REQUEST',
        error: expect.stringContaining(mention),
      });
      expect(await database.db.select().from(feedbackMessage)).toHaveLength(before.length);
    });

    it('limits how often one address can ask', async () => {
      const ip = randomIp();
      const body = (i: number) => ({
        content: `Restore ${i}`,
        location: 'checkout',
        trialEmail: 'buyer@example.com',
      });
      for (let i = 0; i < rateLimits.purchaseRestore.max; i++) {
        expect((await restore(app, body(i), { ip })).statusCode).toBe(200);
      }
      expect(failureOf(await restore(app, body(99), { ip }))).toMatchObject({
        status: 429,
        code: 'RATE_LIMITED',
      });
      expect((await restore(app, body(100))).statusCode).toBe(200);
    });
  });
});
