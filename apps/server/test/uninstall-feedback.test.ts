import { UNINSTALL_REASONS } from '@stillpoint/core';
import { eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client';
import { feedbackMessage } from '../src/db/schema';
import { rateLimits } from '../src/http/rate-limit';
import { call, failureOf, signUp } from './support/api';
import { buildTestApp } from './support/app';
import { randomIp } from './support/auth';
import { openTestDatabase } from './support/database';
import { startWebhook, until } from './support/webhook';

type Webhook = Awaited<ReturnType<typeof startWebhook>>;

describe('uninstall feedback (sendUninstallFeedback)', () => {
  let database: DatabaseHandle;
  let webhook: Webhook;
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

  const send = (body: unknown, options: { token?: string; ip?: string } = {}) =>
    call(app, 'sendUninstallFeedback', body, options);
  const stored = (content: string) =>
    database.db.select().from(feedbackMessage).where(eq(feedbackMessage.content, content));
  const uninstallRows = () =>
    database.db
      .select()
      .from(feedbackMessage)
      .where(like(feedbackMessage.location, 'chrome extension uninstall - %'));
  const textOf = (request: { body: unknown }) => (request.body as { text: string }).text;
  const mentions = (text: string) =>
    webhook.received.filter((request) => JSON.stringify(request.body).includes(text));

  it('stores the reason, words, version and install reference, and posts them to the team chat once', async () => {
    const res = await send({
      reason: 'too expensive',
      details: 'Blocked too much <!here>',
      extensionVersion: '1.4.2',
      installRef: 'Zx8_k2-Qp4rT9wYb',
    });
    expect(res.json()).toEqual({ success: true, data: { ok: true } });

    const request = await webhook.waitForMention('Blocked too much');
    expect(textOf(request)).toBe(
      [
        'Extension uninstalled',
        'e-mail: none',
        'phone: none',
        'trial e-mail: none',
        'uid: none',
        'location: chrome extension uninstall - too expensive',
        'extension version: 1.4.2',
        'install ref: Zx8_k2-Qp4rT9wYb',
        'message:',
        'Blocked too much &lt;!here&gt;',
      ].join('\n'),
    );
    await until(
      async () => (await stored('Blocked too much <!here>'))[0]?.forwardedAt != null,
      'forwardedAt',
    );
    expect(await stored('Blocked too much <!here>')).toEqual([
      expect.objectContaining({
        userId: null,
        location: 'chrome extension uninstall - too expensive',
        extensionVersion: '1.4.2',
        installRef: 'Zx8_k2-Qp4rT9wYb',
        email: null,
        phoneNumber: null,
      }),
    ]);
    // Forwarded once: nothing retries a delivered message.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(mentions('Blocked too much')).toHaveLength(1);
  });

  it('takes a reason alone, with nothing from the extension', async () => {
    const before = (await uninstallRows()).length;
    expect((await send({ reason: 'hard to set up' })).statusCode).toBe(200);
    const rows = await uninstallRows();
    expect(rows).toHaveLength(before + 1);
    const row = rows.find(
      (candidate) => candidate.location === 'chrome extension uninstall - hard to set up',
    );
    expect(row).toMatchObject({ content: '', extensionVersion: null, installRef: null });
    const text = textOf(await webhook.waitForMention('uninstall - hard to set up'));
    expect(text).not.toContain('install ref');
    expect(text.endsWith('message:\n(none)')).toBe(true);
  });

  it('accepts each reason of SPEC §9', async () => {
    for (const reason of UNINSTALL_REASONS) {
      expect((await send({ reason, details: `every reason: ${reason}` })).statusCode).toBe(200);
    }
    const rows = await uninstallRows();
    for (const reason of UNINSTALL_REASONS) {
      expect(rows.some((row) => row.location === `chrome extension uninstall - ${reason}`)).toBe(true);
    }
  });

  it('names a sender signed in to the web app by their session, never by the install reference', async () => {
    const sam = await signUp(app);
    await send(
      { reason: 'buggy', details: 'Sam leaves', installRef: 'sams-install-ref' },
      { token: sam.token },
    );
    expect((await stored('Sam leaves'))[0]).toMatchObject({
      userId: sam.uid,
      installRef: 'sams-install-ref',
    });

    // The same reference without Sam's session is just a reference: no uid, and the answer says nothing more.
    const res = await send({ reason: 'buggy', details: 'Not Sam', installRef: 'sams-install-ref' });
    expect(res.json()).toEqual({ success: true, data: { ok: true } });
    expect((await stored('Not Sam'))[0]).toMatchObject({ userId: null, email: null, phoneNumber: null });
    expect(textOf(await webhook.waitForMention('Not Sam'))).toContain('uid: none');
  });

  it.each([
    ['no reason', { details: 'Gone' }, 'reason'],
    ['an unknown reason', { reason: 'too many ads' }, 'reason must be one of: not what I expected'],
    ['a reason in other words', { reason: 'Buggy' }, 'reason must be one of'],
    [
      'too long details',
      { reason: 'other', details: 'x'.repeat(5001) },
      'Feedback can be at most 5000 characters',
    ],
    [
      'a NUL in the details',
      { reason: 'other', details: 'a\u0000b' },
      'details cannot contain the NUL character',
    ],
    ['a version that is not one', { reason: 'other', extensionVersion: '1.2.3-beta' }, 'extensionVersion'],
    ['a version in a script', { reason: 'other', extensionVersion: '<script>' }, 'extensionVersion'],
    ['a version as a number', { reason: 'other', extensionVersion: 1 }, 'extensionVersion must be text'],
    ['a short install reference', { reason: 'other', installRef: 'abc' }, 'installRef'],
    [
      'an install reference with spaces',
      { reason: 'other', installRef: 'Bearer abcdefghijk' },
      'installRef is not one the extension makes',
    ],
    ['a token in an extra field', { reason: 'other', token: 'secret-session' }, 'token'],
  ])('answers %s with a readable 400 and stores and forwards nothing', async (_case, body, mention) => {
    const before = (await database.db.select().from(feedbackMessage)).length;
    const posted = webhook.received.length;
    expect(failureOf(await send(body))).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
      error: expect.stringContaining(mention),
    });
    expect(await database.db.select().from(feedbackMessage)).toHaveLength(before);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(webhook.received).toHaveLength(posted);
  });

  it('limits how often one address can answer', async () => {
    const ip = randomIp();
    for (let i = 0; i < rateLimits.uninstallFeedback.max; i++) {
      expect((await send({ reason: 'other', details: `Again ${i}` }, { ip })).statusCode).toBe(200);
    }
    expect(failureOf(await send({ reason: 'other' }, { ip }))).toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
    });
    expect((await send({ reason: 'other' })).statusCode).toBe(200);
  });
});
