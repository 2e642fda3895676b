import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client';
import { newsletterSignup } from '../src/db/schema';
import { rateLimits } from '../src/http/rate-limit';
import { call, failureOf } from './support/api';
import { buildTestApp } from './support/app';
import { outbox, randomIp } from './support/auth';
import { openTestDatabase } from './support/database';
import { startSmtpServer } from './support/smtp';
import { until } from './support/webhook';

describe('newsletter (joinNewsletter)', () => {
  let database: DatabaseHandle;
  /** E-mail goes to the development outbox, as in development. */
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await openTestDatabase();
    app = await buildTestApp(database);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  let counter = 0;
  const freshAddress = () => `reader.${Date.now()}.${counter++}@Example.COM`;
  const join = (target: FastifyInstance, body: unknown, ip?: string) =>
    call(target, 'joinNewsletter', body, ip ? { ip } : {});
  const rowsFor = (email: string) =>
    database.db.select().from(newsletterSignup).where(eq(newsletterSignup.email, email.toLowerCase()));
  const mailTo = async (target: FastifyInstance, email: string) =>
    (await outbox(target)).filter((m) => m.channel === 'email' && m.to === email.toLowerCase());

  it('signs an address up, lower-cased, and sends it a confirmation', async () => {
    const email = freshAddress();
    const res = await join(app, { email: `  ${email} ` });
    expect(res.json()).toEqual({ success: true, data: { ok: true } });
    expect(await rowsFor(email)).toEqual([{ email: email.toLowerCase(), createdAt: expect.any(Date) }]);

    const [mail, ...more] = await mailTo(app, email);
    expect(more).toEqual([]);
    expect(mail?.body).toMatch(
      /^You're on the Stillpoint newsletter\n\nThanks for joining the Stillpoint newsletter\./,
    );
    expect(mail?.body).toContain('support@stillpoint.app');
  });

  it('treats the same address in other letters as a sign-up already made: no error, no second e-mail', async () => {
    const email = freshAddress();
    await join(app, { email });
    const again = await join(app, { email: email.toUpperCase() });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ success: true, data: { ok: true } });
    expect(await rowsFor(email)).toHaveLength(1);
    expect(await mailTo(app, email)).toHaveLength(1);
  });

  it('stores one row and sends one e-mail when the same address arrives many times at once', async () => {
    const email = freshAddress();
    const answers = await Promise.all(Array.from({ length: 10 }, () => join(app, { email })));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(10).fill(200));
    expect(await rowsFor(email)).toHaveLength(1);
    expect(await mailTo(app, email)).toHaveLength(1);
  });

  it.each([
    ['an invalid address', { email: 'not-an-address' }, 'Enter a valid e-mail address'],
    ['an address without a domain', { email: 'reader@localhost' }, 'Enter a valid e-mail address'],
    ['an empty address', { email: '' }, 'Enter a valid e-mail address'],
    ['no address', {}, 'email'],
    ['a number', { email: 42 }, 'email must be text'],
    ['an extra field', { email: 'reader@example.com', source: 'footer' }, 'source'],
  ])('answers %s with a readable 400 and stores nothing', async (_case, body, message) => {
    const before = await database.db.select().from(newsletterSignup);
    expect(failureOf(await join(app, body))).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
      error: expect.stringContaining(message),
    });
    expect(await database.db.select().from(newsletterSignup)).toHaveLength(before.length);
  });

  it('answers a body that is not JSON with a 400', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/joinNewsletter',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
      remoteAddress: randomIp(),
    });
    expect(failureOf(res)).toMatchObject({ status: 400, error: 'The request body is not valid JSON.' });
  });

  it('keeps the sign-up and answers success when the e-mail cannot be sent', async () => {
    const failingApp = await buildTestApp(
      database,
      {},
      {
        emailSender: {
          send: async () => {
            throw new Error('mail server down');
          },
        },
      },
    );
    try {
      const email = freshAddress();
      const res = await join(failingApp, { email });
      expect(res.json()).toEqual({ success: true, data: { ok: true } });
      expect(await rowsFor(email)).toHaveLength(1);
    } finally {
      await failingApp.close();
    }
  });

  it('limits how often one address can sign up', async () => {
    const ip = randomIp();
    for (let i = 0; i < rateLimits.newsletter.max; i++) {
      expect((await join(app, { email: freshAddress() }, ip)).statusCode).toBe(200);
    }
    const limited = await join(app, { email: freshAddress() }, ip);
    expect(failureOf(limited)).toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      error: expect.stringMatching(/^Too many requests\. Please try again in .+\.$/),
    });
    // Someone else is not held back.
    expect((await join(app, { email: freshAddress() })).statusCode).toBe(200);
  });

  describe('through SMTP (SMTP_URL)', () => {
    it('delivers the confirmation to the mail server, logged in, from EMAIL_FROM, and records it in the outbox too', async () => {
      const smtp = await startSmtpServer();
      const smtpApp = await buildTestApp(database, {
        email: {
          smtpUrl: `smtp://mailer:s3cret@127.0.0.1:${smtp.port}`,
          from: 'Stillpoint <hello@stillpoint.app>',
        },
      });
      try {
        const email = freshAddress();
        expect((await join(smtpApp, { email })).statusCode).toBe(200);
        await until(() => smtp.received.length > 0, 'the confirmation at the SMTP server');
        const [mail] = smtp.received;
        expect(mail).toMatchObject({
          from: 'hello@stillpoint.app',
          to: [email.toLowerCase()],
          user: 'mailer',
          password: 's3cret',
        });
        expect(mail?.data).toMatch(/^From: Stillpoint <hello@stillpoint\.app>$/m);
        expect(mail?.data).toMatch(new RegExp(`^To: ${email.toLowerCase().replaceAll('.', '\\.')}$`, 'm'));
        expect(mail?.data).toMatch(/^Subject: You're on the Stillpoint newsletter$/m);
        expect(mail?.data).toContain('Thanks for joining the Stillpoint newsletter.');
        await until(async () => (await mailTo(smtpApp, email)).length === 1, 'the outbox copy');
      } finally {
        await smtpApp.close();
        await smtp.close();
      }
    });

    it('keeps the sign-up when the mail server refuses the address', async () => {
      const smtp = await startSmtpServer({ rejectRecipients: true });
      const smtpApp = await buildTestApp(database, {
        email: { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: 'hello@stillpoint.app' },
      });
      try {
        const email = freshAddress();
        expect((await join(smtpApp, { email })).statusCode).toBe(200);
        expect(await rowsFor(email)).toHaveLength(1);
      } finally {
        // Shutting down waits for the send, which the refusal ends.
        await smtpApp.close();
        await smtp.close();
      }
      expect(smtp.received).toEqual([]);
    });

    it('keeps the sign-up when the mail server cannot be reached', async () => {
      const smtp = await startSmtpServer();
      await smtp.close();
      const smtpApp = await buildTestApp(database, {
        email: { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: 'hello@stillpoint.app' },
      });
      try {
        const email = freshAddress();
        expect((await join(smtpApp, { email })).statusCode).toBe(200);
        expect(await rowsFor(email)).toHaveLength(1);
      } finally {
        await smtpApp.close();
      }
    });
  });
});
