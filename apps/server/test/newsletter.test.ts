import { createHash } from 'node:crypto';
import { newsletterLinkPaths } from '@stillpoint/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client';
import { newsletterConfirmation, newsletterSignup } from '../src/db/schema';
import { MAX_FORWARD_ATTEMPTS } from '../src/forwarding/backoff';
import { FORWARDING_GRACE_MS } from '../src/forwarding/job';
import { rateLimits } from '../src/http/rate-limit';
import type { EmailMessage, EmailSender } from '../src/integrations/email';
import { CONFIRMATION_RESEND_AFTER_MS, MAX_CONFIRMATIONS_PER_DAY } from '../src/modules/newsletter/limits';
import { findConfirmation, useConfirmation } from '../src/modules/newsletter/repo';
import { call, failureOf } from './support/api';
import { buildTestApp } from './support/app';
import { type OutboxEntry, outbox, randomIp } from './support/auth';
import { openTestDatabase } from './support/database';
import { startSmtpServer } from './support/smtp';
import { until } from './support/webhook';

const PUBLIC_URL = 'https://stillpoint.example';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The key of a newsletter link in an e-mail's text, by the page it opens. */
function linkToken(text: string, path: string): string {
  const escaped = `${PUBLIC_URL}${path}`.replaceAll('.', '\\.').replaceAll('/', '\\/');
  const token = text.match(new RegExp(`${escaped}\\?token=([A-Za-z0-9_-]+)`))?.[1];
  if (!token) throw new Error(`no ${path} link in:\n${text}`);
  return token;
}
const confirmTokenIn = (mail: { body?: string; text?: string }) =>
  linkToken(mail.body ?? mail.text ?? '', newsletterLinkPaths.confirm);
const unsubscribeTokenIn = (mail: { body?: string; text?: string }) =>
  linkToken(mail.body ?? mail.text ?? '', newsletterLinkPaths.unsubscribe);

describe('newsletter', () => {
  let database: DatabaseHandle;
  /** E-mail goes to the development outbox, as in development. */
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await openTestDatabase();
    app = await buildTestApp(database, { publicUrl: PUBLIC_URL });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  let counter = 0;
  const freshAddress = () => `reader.${Date.now()}.${counter++}@Example.COM`;
  const join = (target: FastifyInstance, body: unknown, ip?: string) =>
    call(target, 'joinNewsletter', body, ip ? { ip } : {});
  const confirm = async (token: string, target = app) => {
    const res = await call(target, 'confirmNewsletter', { token });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: { status: string } }).data.status;
  };
  const unsubscribe = async (token: string) => {
    const res = await call(app, 'unsubscribeNewsletter', { token });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: { status: string } }).data.status;
  };
  const signupOf = async (email: string) => {
    const [row] = await database.db
      .select()
      .from(newsletterSignup)
      .where(eq(newsletterSignup.email, email.toLowerCase()));
    return row;
  };
  const confirmationsOf = (email: string) =>
    database.db
      .select()
      .from(newsletterConfirmation)
      .where(eq(newsletterConfirmation.email, email.toLowerCase()));
  const mailTo = async (target: FastifyInstance, email: string): Promise<OutboxEntry[]> =>
    (await outbox(target)).filter((m) => m.channel === 'email' && m.to === email.toLowerCase());
  /** The e-mails to `email` once `count` have arrived (they go out after the answer). */
  const mailsTo = async (email: string, count: number, target = app) => {
    await until(async () => (await mailTo(target, email)).length >= count, `${count} e-mail(s) to ${email}`);
    return mailTo(target, email);
  };
  /** Every confirmation of `email` recorded as sent: nothing of the sign-up is still in flight. */
  const settled = (email: string) =>
    until(
      async () => (await confirmationsOf(email)).every((row) => row.sentAt !== null || row.sendAttempts > 0),
      `the confirmations of ${email} to be sent`,
    );
  /** Makes the address's confirmations look `ms` older, as if time had passed since they were sent. */
  const age = async (email: string, ms: number) => {
    for (const row of await confirmationsOf(email)) {
      await database.db
        .update(newsletterConfirmation)
        .set({ createdAt: new Date(row.createdAt.getTime() - ms) })
        .where(eq(newsletterConfirmation.id, row.id));
    }
  };
  /** Signs up and returns the confirmation e-mail that sign-up brought. */
  const signUpAndRead = async (email: string) => {
    const before = (await mailTo(app, email)).length;
    expect((await join(app, { email })).json()).toEqual({ success: true, data: { ok: true } });
    const [newest] = await mailsTo(email, before + 1);
    if (!newest) throw new Error('no e-mail');
    await settled(email);
    return newest;
  };

  describe('signing up (joinNewsletter)', () => {
    it('stores the address lower-cased and unconfirmed, and sends a confirmation link, keeping only its hash', async () => {
      const email = freshAddress();
      const res = await join(app, { email: `  ${email} ` });
      expect(res.json()).toEqual({ success: true, data: { ok: true } });

      const [mail, ...more] = await mailsTo(email, 1);
      expect(more).toEqual([]);
      expect(mail?.body).toMatch(/^Confirm your Stillpoint newsletter sign-up\n\n/);
      expect(mail?.body).toContain('The link works once and for 7 days.');
      const token = confirmTokenIn(mail ?? {});

      expect(await signupOf(email)).toMatchObject({
        email: email.toLowerCase(),
        confirmedAt: null,
        unsubscribedAt: null,
      });
      await settled(email);
      const [stored] = await confirmationsOf(email);
      expect(stored).toMatchObject({ tokenHash: sha256(token), usedAt: null, sendAttempts: 1 });
      expect(stored?.sentAt).toBeInstanceOf(Date);
      // The link's key itself is nowhere in the database.
      expect(JSON.stringify(await database.db.select().from(newsletterConfirmation))).not.toContain(token);
      const lifetime = (stored?.expiresAt.getTime() ?? 0) - (stored?.createdAt.getTime() ?? 0);
      expect(Math.abs(lifetime - 7 * 24 * 3600_000)).toBeLessThan(60_000);
    });

    it('carries an unsubscribe link and the List-Unsubscribe headers of RFC 8058', async () => {
      const email = freshAddress();
      const mail = await signUpAndRead(email);
      const unsubscribeToken = unsubscribeTokenIn(mail);
      expect(unsubscribeToken).toBe((await signupOf(email))?.unsubscribeToken);
      expect(mail.headers).toEqual({
        'List-Unsubscribe': `<${PUBLIC_URL}/api/newsletter/unsubscribe?token=${unsubscribeToken}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      });
    });

    it('sends nothing more before the address is confirmed: signing up again soon after, in other letters, sends no second e-mail', async () => {
      const email = freshAddress();
      await signUpAndRead(email);
      const again = await join(app, { email: email.toUpperCase() });
      expect(again.json()).toEqual({ success: true, data: { ok: true } });
      await settled(email);
      expect(await mailTo(app, email)).toHaveLength(1);
      expect(await confirmationsOf(email)).toHaveLength(1);
    });

    it('stores one row and sends one e-mail when the same address arrives many times at once', async () => {
      const email = freshAddress();
      const answers = await Promise.all(Array.from({ length: 10 }, () => join(app, { email })));
      expect(answers.map((res) => res.statusCode)).toEqual(Array(10).fill(200));
      await mailsTo(email, 1);
      await settled(email);
      expect(await confirmationsOf(email)).toHaveLength(1);
      expect(await mailTo(app, email)).toHaveLength(1);
    });

    it(`sends a new link when an unconfirmed address signs up again ${CONFIRMATION_RESEND_AFTER_MS / 60_000} minutes later, at most ${MAX_CONFIRMATIONS_PER_DAY} a day`, async () => {
      const email = freshAddress();
      const first = await signUpAndRead(email);
      for (let sent = 1; sent < MAX_CONFIRMATIONS_PER_DAY; sent++) {
        await age(email, CONFIRMATION_RESEND_AFTER_MS + 1000);
        await signUpAndRead(email);
      }
      await age(email, CONFIRMATION_RESEND_AFTER_MS + 1000);
      await join(app, { email });
      await settled(email);
      expect(await mailTo(app, email)).toHaveLength(MAX_CONFIRMATIONS_PER_DAY);

      // A day after the first, there is room again.
      await age(email, 24 * 3600_000);
      await signUpAndRead(email);
      expect(await mailTo(app, email)).toHaveLength(MAX_CONFIRMATIONS_PER_DAY + 1);
      // Every link sent works; the first one used confirms.
      expect(await confirm(confirmTokenIn(first))).toBe('confirmed');
    });

    it('sends nothing to a confirmed address that signs up again, and answers the same', async () => {
      const email = freshAddress();
      expect(await confirm(confirmTokenIn(await signUpAndRead(email)))).toBe('confirmed');
      await age(email, 24 * 3600_000);
      const again = await join(app, { email });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ success: true, data: { ok: true } });
      await settled(email);
      expect(await mailTo(app, email)).toHaveLength(1);
      expect(await confirmationsOf(email)).toHaveLength(1);
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
  });

  describe('confirming (confirmNewsletter)', () => {
    it('confirms with the link once; the same link again says already confirmed', async () => {
      const email = freshAddress();
      const token = confirmTokenIn(await signUpAndRead(email));

      expect(await confirm(token)).toBe('confirmed');
      const confirmed = await signupOf(email);
      expect(confirmed?.confirmedAt).toBeInstanceOf(Date);
      expect((await confirmationsOf(email))[0]?.usedAt).toBeInstanceOf(Date);

      expect(await confirm(token)).toBe('alreadyConfirmed');
      expect((await signupOf(email))?.confirmedAt).toEqual(confirmed?.confirmedAt);
    });

    it('confirms once when the link is opened twice at the same moment', async () => {
      const email = freshAddress();
      const token = confirmTokenIn(await signUpAndRead(email));
      const outcomes = await Promise.all([confirm(token), confirm(token), confirm(token)]);
      expect(outcomes.sort()).toEqual(['alreadyConfirmed', 'alreadyConfirmed', 'confirmed']);

      // Both opens may read the link unused before either writes: the write itself lets one through.
      const other = freshAddress();
      const found = await findConfirmation(database.db, sha256(confirmTokenIn(await signUpAndRead(other))));
      if (!found) throw new Error('no confirmation');
      const uses = await Promise.all(
        [1, 2, 3].map(() => useConfirmation(database.db, found.confirmation, new Date())),
      );
      expect(uses.sort()).toEqual([false, false, true]);
    });

    it('says an expired link has expired and confirms nothing; signing up again brings a link that works', async () => {
      const email = freshAddress();
      const token = confirmTokenIn(await signUpAndRead(email));
      await database.db
        .update(newsletterConfirmation)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(newsletterConfirmation.tokenHash, sha256(token)));

      expect(await confirm(token)).toBe('expired');
      expect(await confirm(token)).toBe('expired');
      expect((await signupOf(email))?.confirmedAt).toBeNull();

      await age(email, 7 * 24 * 3600_000);
      const fresh = confirmTokenIn(await signUpAndRead(email));
      expect(fresh).not.toBe(token);
      expect(await confirm(fresh)).toBe('confirmed');
      // Once the address is confirmed, the old link says so rather than "expired".
      expect(await confirm(token)).toBe('alreadyConfirmed');
    });

    it('says a link no e-mail carried is not valid, and refuses a malformed one with a readable 400', async () => {
      expect(await confirm('A'.repeat(43))).toBe('invalid');
      for (const token of ['', 'short', 'has spaces in it, twenty+', 'x'.repeat(129)]) {
        expect(failureOf(await call(app, 'confirmNewsletter', { token }))).toMatchObject({
          status: 400,
          code: 'BAD_REQUEST',
          error: expect.stringContaining('This link is not complete'),
        });
      }
    });
  });

  describe('unsubscribing', () => {
    it('takes the address off the list with the link of the e-mail; doing it twice is fine', async () => {
      const email = freshAddress();
      const mail = await signUpAndRead(email);
      expect(await confirm(confirmTokenIn(mail))).toBe('confirmed');

      expect(await unsubscribe(unsubscribeTokenIn(mail))).toBe('unsubscribed');
      const first = (await signupOf(email))?.unsubscribedAt;
      expect(first).toBeInstanceOf(Date);
      expect(await unsubscribe(unsubscribeTokenIn(mail))).toBe('unsubscribed');
      expect((await signupOf(email))?.unsubscribedAt).toEqual(first);

      expect(await unsubscribe('B'.repeat(43))).toBe('invalid');
    });

    it('makes the unused confirmation links of an unsubscribed address invalid', async () => {
      const email = freshAddress();
      const mail = await signUpAndRead(email);
      expect(await unsubscribe(unsubscribeTokenIn(mail))).toBe('unsubscribed');
      expect(await confirm(confirmTokenIn(mail))).toBe('invalid');
      expect((await signupOf(email))?.confirmedAt).toBeNull();
    });

    it('starts over when an unsubscribed address signs up again: unconfirmed, with a new link', async () => {
      const email = freshAddress();
      const mail = await signUpAndRead(email);
      expect(await confirm(confirmTokenIn(mail))).toBe('confirmed');
      expect(await unsubscribe(unsubscribeTokenIn(mail))).toBe('unsubscribed');

      await age(email, CONFIRMATION_RESEND_AFTER_MS + 1000);
      const again = await signUpAndRead(email);
      expect(await signupOf(email)).toMatchObject({ confirmedAt: null, unsubscribedAt: null });
      expect(await confirm(confirmTokenIn(again))).toBe('confirmed');
      // The unsubscribe link of the old e-mail still works.
      expect(unsubscribeTokenIn(again)).toBe(unsubscribeTokenIn(mail));
    });

    describe('in one click (RFC 8058), at the List-Unsubscribe address', () => {
      const oneClick = (
        token: string,
        init: { method?: 'GET' | 'POST'; type?: string; payload?: string } = {},
      ) =>
        app.inject({
          method: init.method ?? 'POST',
          url: `/api/newsletter/unsubscribe?token=${token}`,
          // As a mail provider posts it: a form body, no cookie, no Authorization.
          headers: { 'content-type': init.type ?? 'application/x-www-form-urlencoded' },
          payload: init.payload ?? 'List-Unsubscribe=One-Click',
          remoteAddress: randomIp(),
        });

      it('unsubscribes on a POST without any session, and again is fine', async () => {
        const email = freshAddress();
        const mail = await signUpAndRead(email);
        expect(await confirm(confirmTokenIn(mail))).toBe('confirmed');
        const header = mail.headers?.['List-Unsubscribe'] ?? '';
        const address = new URL(header.slice(1, -1));
        const token = address.searchParams.get('token') ?? '';

        const res = await oneClick(token);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual({ success: true, data: { status: 'unsubscribed' } });
        expect((await signupOf(email))?.unsubscribedAt).toBeInstanceOf(Date);

        const boundary = 'x-boundary';
        const multipart = await oneClick(token, {
          type: `multipart/form-data; boundary=${boundary}`,
          payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
        });
        expect(multipart.statusCode, multipart.body).toBe(200);
      });

      it('changes nothing on a GET (mail scanners open links) and leads to the page with the button', async () => {
        const email = freshAddress();
        const token = unsubscribeTokenIn(await signUpAndRead(email));
        const res = await oneClick(token, { method: 'GET' });
        expect(res.statusCode).toBe(303);
        expect(res.headers.location).toBe(`/newsletter/unsubscribe?token=${token}`);
        expect((await signupOf(email))?.unsubscribedAt).toBeNull();
      });

      it('answers 404 for a key no address has and 400 for a malformed one', async () => {
        expect(failureOf(await oneClick('C'.repeat(43)))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
        expect(failureOf(await oneClick('nope'))).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
      });
    });
  });

  describe('a confirmation that failed to send', () => {
    /** A sender whose first `failures` sends fail; `delivered` holds the rest. */
    function flakySender(failures: number) {
      const failed: EmailMessage[] = [];
      const delivered: EmailMessage[] = [];
      const sender: EmailSender = {
        async send(message) {
          if (failed.length < failures) {
            failed.push(message);
            throw new Error('mail server down');
          }
          delivered.push(message);
        },
      };
      const to = (email: string) => (message: EmailMessage) => message.to === email.toLowerCase();
      return {
        sender,
        failed,
        delivered,
        /** What failed and what arrived for one address (the job also takes other tests' rows). */
        failedTo: (email: string) => failed.filter(to(email)),
        deliveredTo: (email: string) => delivered.filter(to(email)),
      };
    }
    const failedOnce = async (email: string) => {
      await until(async () => (await confirmationsOf(email))[0]?.sendAttempts === 1, 'the first attempt');
      const [row] = await confirmationsOf(email);
      if (!row) throw new Error('no confirmation');
      return row;
    };
    /** When the job may take the row: after its backoff and the grace period left to the first attempt. */
    const dueAt = (row: { createdAt: Date; nextSendAt: Date | null }) =>
      new Date(Math.max(row.nextSendAt?.getTime() ?? 0, row.createdAt.getTime() + FORWARDING_GRACE_MS + 1));

    it('keeps the sign-up and answers success when the e-mail cannot be sent', async () => {
      const mail = flakySender(Number.POSITIVE_INFINITY);
      const failing = await buildTestApp(database, { publicUrl: PUBLIC_URL }, { emailSender: mail.sender });
      try {
        const email = freshAddress();
        const res = await join(failing, { email });
        expect(res.json()).toEqual({ success: true, data: { ok: true } });
        expect(await failedOnce(email)).toMatchObject({
          sentAt: null,
          lastSendError: 'mail server down',
        });
        expect(await signupOf(email)).toBeTruthy();
      } finally {
        await failing.close();
      }
    });

    it('is sent once by the retry job, even with two instances running it at the same moment, with a new link', async () => {
      const mail = flakySender(1);
      const one = await buildTestApp(database, { publicUrl: PUBLIC_URL }, { emailSender: mail.sender });
      const two = await buildTestApp(database, { publicUrl: PUBLIC_URL }, { emailSender: mail.sender });
      try {
        const email = freshAddress();
        await join(one, { email });
        const row = await failedOnce(email);
        expect(mail.failedTo(email)).toHaveLength(1);

        const at = dueAt(row);
        await Promise.all([one.forwarding.runOnce(at), two.forwarding.runOnce(at)]);
        expect(mail.deliveredTo(email)).toHaveLength(1);
        expect(await confirmationsOf(email)).toEqual([
          expect.objectContaining({ sendAttempts: 2, sentAt: at, nextSendAt: null }),
        ]);
        // Later runs send nothing more.
        await one.forwarding.runOnce(new Date(at.getTime() + 86_400_000));
        expect(mail.deliveredTo(email)).toHaveLength(1);

        const [retried] = mail.deliveredTo(email);
        expect(retried?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
        // The e-mail that never arrived carried a key that no longer works; the retry's works.
        expect(await confirm(confirmTokenIn(mail.failedTo(email)[0] ?? {}))).toBe('invalid');
        expect(await confirm(confirmTokenIn(retried ?? {}))).toBe('confirmed');
      } finally {
        await one.close();
        await two.close();
      }
    });

    it(`backs off between tries and gives up after ${MAX_FORWARD_ATTEMPTS}`, async () => {
      const mail = flakySender(Number.POSITIVE_INFINITY);
      const failing = await buildTestApp(database, { publicUrl: PUBLIC_URL }, { emailSender: mail.sender });
      try {
        const email = freshAddress();
        await join(failing, { email });
        let row = await failedOnce(email);
        for (let attempt = 2; attempt <= MAX_FORWARD_ATTEMPTS; attempt++) {
          const at = dueAt(row);
          // Not before its time.
          await failing.forwarding.runOnce(new Date(at.getTime() - 2));
          expect((await confirmationsOf(email))[0]?.sendAttempts).toBe(attempt - 1);
          await failing.forwarding.runOnce(at);
          const [next] = await confirmationsOf(email);
          if (!next) throw new Error('no confirmation');
          row = next;
          expect(row.sendAttempts).toBe(attempt);
        }
        expect(row.sendGivenUpAt).toBeInstanceOf(Date);
        expect(row.nextSendAt).toBeNull();
        const before = mail.failedTo(email).length;
        await failing.forwarding.runOnce(new Date(Date.now() + 30 * 86_400_000));
        expect(mail.failedTo(email)).toHaveLength(before);

        // A confirmation given up on does not block a new sign-up's link.
        await age(email, CONFIRMATION_RESEND_AFTER_MS + 1000);
        const ok = flakySender(0);
        const working = await buildTestApp(database, { publicUrl: PUBLIC_URL }, { emailSender: ok.sender });
        try {
          await join(working, { email });
          await until(() => ok.deliveredTo(email).length === 1, 'the new confirmation');
        } finally {
          await working.close();
        }
      } finally {
        await failing.close();
      }
    });

    it('is not sent by the job once the address unsubscribed', async () => {
      const mail = flakySender(1);
      const one = await buildTestApp(database, { publicUrl: PUBLIC_URL }, { emailSender: mail.sender });
      try {
        const email = freshAddress();
        await join(one, { email });
        const row = await failedOnce(email);
        const token = (await signupOf(email))?.unsubscribeToken ?? '';
        expect(await unsubscribe(token)).toBe('unsubscribed');
        await one.forwarding.runOnce(dueAt(row));
        expect(mail.deliveredTo(email)).toEqual([]);
        expect(await confirmationsOf(email)).toEqual([]);
      } finally {
        await one.close();
      }
    });
  });

  describe('through SMTP (SMTP_URL)', () => {
    /** The message's header lines, unfolded. */
    const headerLines = (data: string) => (data.split('\r\n\r\n')[0] ?? '').replace(/\r\n[ \t]+/g, ' ');

    it('delivers the confirmation with its List-Unsubscribe headers to the mail server, logged in, from EMAIL_FROM, and records it in the outbox too', async () => {
      const smtp = await startSmtpServer();
      const smtpApp = await buildTestApp(database, {
        publicUrl: PUBLIC_URL,
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
        const headers = headerLines(mail?.data ?? '');
        expect(headers).toMatch(/^From: Stillpoint <hello@stillpoint\.app>$/m);
        expect(headers).toMatch(new RegExp(`^To: ${email.toLowerCase().replaceAll('.', '\\.')}$`, 'm'));
        expect(headers).toMatch(/^Subject: Confirm your Stillpoint newsletter sign-up$/m);
        expect(headers).toMatch(
          /^List-Unsubscribe: <https:\/\/stillpoint\.example\/api\/newsletter\/unsubscribe\?token=[A-Za-z0-9_-]{43}>$/m,
        );
        expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
        await until(async () => (await mailTo(smtpApp, email)).length === 1, 'the outbox copy');
      } finally {
        await smtpApp.close();
        await smtp.close();
      }
    });

    it('keeps the sign-up, for the retry job, when the mail server refuses the address', async () => {
      const smtp = await startSmtpServer({ rejectRecipients: true });
      const smtpApp = await buildTestApp(database, {
        publicUrl: PUBLIC_URL,
        email: { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: 'hello@stillpoint.app' },
      });
      try {
        const email = freshAddress();
        expect((await join(smtpApp, { email })).statusCode).toBe(200);
        await until(async () => (await confirmationsOf(email))[0]?.sendAttempts === 1, 'the first attempt');
        expect(await confirmationsOf(email)).toEqual([
          expect.objectContaining({ sentAt: null, lastSendError: expect.stringContaining('rejected') }),
        ]);
      } finally {
        await smtpApp.close();
        await smtp.close();
      }
      expect(smtp.received).toEqual([]);
    });

    it('keeps the sign-up when the mail server cannot be reached', async () => {
      const smtp = await startSmtpServer();
      await smtp.close();
      const smtpApp = await buildTestApp(database, {
        publicUrl: PUBLIC_URL,
        email: { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: 'hello@stillpoint.app' },
      });
      try {
        const email = freshAddress();
        expect((await join(smtpApp, { email })).statusCode).toBe(200);
        await until(async () => (await confirmationsOf(email))[0]?.sendAttempts === 1, 'the first attempt');
        expect(await signupOf(email)).toBeTruthy();
      } finally {
        await smtpApp.close();
      }
    });
  });
});
