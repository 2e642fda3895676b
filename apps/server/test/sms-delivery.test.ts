import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DevOutbox } from '../src/integrations/dev-outbox';
import { createSmsSender } from '../src/integrations/sms';
import { twilioSmsSender } from '../src/integrations/sms/twilio';
import { createTestApp, type TestApp, testConfig } from './support/app';
import { freshPhoneNumber, getUser, sendOtp, sessionTokenOf, verifyOtp } from './support/auth';

interface Received {
  path: string;
  authorization: string | undefined;
  form: URLSearchParams;
}

/** A stand-in for Twilio's REST API that records each message and answers like Twilio does. */
async function fakeTwilio(status = 201): Promise<{ url: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        authorization: request.headers.authorization,
        form: new URLSearchParams(body),
      });
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(status < 300 ? { sid: 'SM1' } : { code: 21211, message: 'Invalid To' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, received, server };
}

const twilio = { accountSid: 'AC123', authToken: 'auth-token', from: '+15005550006' };

describe('SMS delivery through Twilio, without the development outbox', () => {
  let t: TestApp;
  let provider: Awaited<ReturnType<typeof fakeTwilio>>;
  beforeAll(async () => {
    provider = await fakeTwilio();
    const base = testConfig();
    t = await createTestApp(
      { auth: { ...base.auth, devOutbox: false, twilio } },
      { smsSender: twilioSmsSender({ ...twilio, apiBaseUrl: provider.url }) },
    );
  });
  afterAll(async () => {
    await t.close();
    provider.server.close();
  });

  it('texts the code to the number, and that code signs the person in', async () => {
    const phoneNumber = freshPhoneNumber();
    expect((await sendOtp(t.app, phoneNumber)).statusCode).toBe(200);
    const message = provider.received.at(-1);
    expect(message?.path).toBe('/2010-04-01/Accounts/AC123/Messages.json');
    expect(message?.authorization).toBe(`Basic ${Buffer.from('AC123:auth-token').toString('base64')}`);
    expect(message?.form.get('To')).toBe(phoneNumber);
    expect(message?.form.get('From')).toBe('+15005550006');
    const code = message?.form.get('Body')?.match(/\b(\d{6})\b/)?.[1] ?? '';
    expect(message?.form.get('Body')).toContain('Stillpoint');

    const token = sessionTokenOf(await verifyOtp(t.app, phoneNumber, code));
    expect((await getUser(t.app, token)).statusCode).toBe(200);
  });

  it('does not serve the outbox when it is off', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(res.statusCode).toBe(404);
  });
});

describe('when the SMS provider refuses a message', () => {
  let t: TestApp;
  let provider: Awaited<ReturnType<typeof fakeTwilio>>;
  beforeAll(async () => {
    provider = await fakeTwilio(400);
    t = await createTestApp({}, { smsSender: twilioSmsSender({ ...twilio, apiBaseUrl: provider.url }) });
  });
  afterAll(async () => {
    await t.close();
    provider.server.close();
  });

  it('says so plainly, without the provider’s details', async () => {
    const res = await sendOtp(t.app, freshPhoneNumber());
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      code: 'SMS_NOT_SENT',
      message: 'We could not send a code right now. Please try again in a moment.',
    });
    expect(res.body).not.toContain('21211');
  });
});

describe('with Twilio and the development outbox both on', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends each message through Twilio and records it in the outbox', async () => {
    const provider = await fakeTwilio();
    // Twilio's real address, answered by the local stand-in.
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', (url: string | URL, init?: RequestInit) =>
      realFetch(String(url).replace('https://api.twilio.com', provider.url), init),
    );
    try {
      const base = testConfig();
      const log = pino({ level: 'silent' });
      const outbox = new DevOutbox(log);
      const smsSender = createSmsSender({ auth: { ...base.auth, twilio } }, outbox, log);
      await smsSender.send({ to: '+14155552671', body: '123456 is your Stillpoint sign-in code.' });
      expect(provider.received.map((m) => m.form.get('To'))).toEqual(['+14155552671']);
      expect(outbox.list().map((m) => m.to)).toEqual(['+14155552671']);
    } finally {
      provider.server.close();
    }
  });
});
