import { describe, expect, it } from 'vitest';
import type { EmailMessage, EmailSender } from '../src/integrations/email';
import { giftConfirmationEmail } from '../src/modules/gifts/confirmation-email';
import { dataOf } from './support/api';
import { createTestApp, testConfig } from './support/app';
import { codesOfSession, payGift, purchaseOfSession, startGift } from './support/gifts';
import { startSmtpServer } from './support/smtp';
import { until } from './support/webhook';

const config = testConfig();
const redeemUrl = 'https://stillpoint.app/redeem';

describe('the gift confirmation e-mail', () => {
  it('has every code, the redeem page and support, as plain text and as HTML', () => {
    const codes = ['ABCDEF', 'GHJKMN', 'PQRSTU'];
    const mail = giftConfirmationEmail({ to: 'giver@example.com', codes, redeemUrl });
    expect(mail.to).toBe('giver@example.com');
    expect(mail.subject).toBe('Your 3 Stillpoint gift codes');
    for (const part of [mail.text, mail.html ?? '']) {
      for (const code of codes) expect(part).toContain(code);
      expect(part).toContain(redeemUrl);
      expect(part).toContain('support@stillpoint.app');
    }
    expect(mail.html).toContain(`<a href="${redeemUrl}">`);
    expect(mail.html).toContain('<a href="mailto:support@stillpoint.app">');
    expect(mail.text).not.toMatch(/<[a-z]/);
  });

  it('speaks of one code for one gift', () => {
    const mail = giftConfirmationEmail({ to: 'giver@example.com', codes: ['ABCDEF'], redeemUrl });
    expect(mail.subject).toBe('Your Stillpoint gift code');
    expect(mail.text).toContain('Here is your gift code');
  });

  it('escapes what it puts into HTML', () => {
    const mail = giftConfirmationEmail({
      to: 'a@example.com',
      codes: ['ABCDEF'],
      redeemUrl: 'https://x.example/redeem?a=1&b="2"',
    });
    expect(mail.html).toContain('https://x.example/redeem?a=1&amp;b=&quot;2&quot;');
    expect(mail.html).not.toContain('b="2"');
  });
});

describe('sending it', () => {
  it('goes through SMTP as multipart/alternative with a text and an HTML part', async () => {
    const smtp = await startSmtpServer();
    const t = await createTestApp({
      email: { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: 'Stillpoint <hello@stillpoint.app>' },
    });
    try {
      const { url, sessionId } = await startGift(t.app, config, { quantity: 2 });
      const codes = await codesOfSession(t.database.db, sessionId);
      expect((await payGift(t.app, url, 'smtp-giver@example.com')).statusCode).toBe(303);
      await until(() => smtp.received.length > 0, 'the e-mail at the SMTP server');
      const [mail] = smtp.received;
      expect(mail?.to).toEqual(['smtp-giver@example.com']);
      const data = mail?.data ?? '';
      expect(data).toMatch(/Content-Type: multipart\/alternative/i);
      expect(data).toMatch(/Content-Type: text\/plain/i);
      expect(data).toMatch(/Content-Type: text\/html/i);
      for (const code of codes) expect(data).toContain(code);
    } finally {
      await t.close();
      await smtp.close();
    }
  });

  it('is tried again when sending fails, and then sent once', async () => {
    const sent: EmailMessage[] = [];
    let failures = 1;
    const flaky: EmailSender = {
      send: async (message) => {
        if (failures-- > 0) throw new Error('the mail server is down');
        sent.push(message);
      },
    };
    const t = await createTestApp({}, { emailSender: flaky });
    try {
      const { url, sessionId } = await startGift(t.app, config);
      expect((await payGift(t.app, url, 'patient-giver@example.com')).statusCode).toBe(303);
      // Paid at once; the e-mail follows with the provider's next delivery.
      expect((await purchaseOfSession(t.database.db, sessionId)).status).toBe('paid');
      await until(() => sent.length > 0, 'the e-mail on the second delivery', 10_000);
      expect(sent.map((message) => message.to)).toEqual(['patient-giver@example.com']);
      expect((await purchaseOfSession(t.database.db, sessionId)).confirmationEmailSentAt).toBeInstanceOf(
        Date,
      );
      const [code = ''] = await codesOfSession(t.database.db, sessionId);
      const read = await t.app.inject({
        method: 'GET',
        url: `/api/getGiftPurchase?sessionId=${sessionId}&redemptionCode=${code}`,
      });
      expect(dataOf('getGiftPurchase', read)).toMatchObject({ status: 'paid', codes: [code] });
    } finally {
      await t.close();
    }
  });
});
