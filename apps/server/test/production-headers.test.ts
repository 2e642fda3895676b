import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import type { SmsMessage } from '../src/integrations/sms';
import { call } from './support/api';
import { createTestApp, type TestApp } from './support/app';
import { freshPhoneNumber, randomIp } from './support/auth';
import { productionEnv } from './support/config';

const HALF_A_YEAR_SECONDS = 180 * 24 * 60 * 60;

/** A stack frame, or SQL, in an error body would tell an attacker how the server is built. */
function expectNothingInternal(res: LightMyRequestResponse): void {
  expect(res.body).not.toMatch(/\n\s+at /);
  expect(res.body).not.toMatch(/\b(select|insert|update|delete)\b[^"]*\b(from|into|set|where)\b/i);
  expect(res.body).not.toMatch(/node_modules|\.ts:\d+|\.js:\d+|PGlite|postgres/i);
}

function scriptSources(policy: string | undefined): string[] {
  const directive = (policy ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith('script-src '));
  return directive?.split(/\s+/).slice(1) ?? [];
}

// What a production server sends whatever the call: the transport and cookie rules a browser
// enforces, and errors that say nothing about the inside.
describe('production headers and error bodies', () => {
  let t: TestApp;
  let webDistDir: string;
  const sent: SmsMessage[] = [];
  beforeAll(async () => {
    webDistDir = mkdtempSync(join(tmpdir(), 'stillpoint-web-'));
    writeFileSync(
      join(webDistDir, 'index.html'),
      '<!doctype html><title>Stillpoint</title><div id="root"></div>',
    );
    // Production's configuration, with Redis on a port nothing listens on: the limits then hold in process.
    const config = loadConfig({ ...productionEnv, REDIS_URL: 'redis://127.0.0.1:1' });
    t = await createTestApp(
      { ...config, webDistDir, logLevel: 'silent' },
      // The one stand-in: a phone that receives the code instead of Twilio.
      { smsSender: { send: async (message) => void sent.push(message) } },
    );
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDistDir, { recursive: true, force: true });
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: randomIp() });

  it.each(['/signin', '/api/getAuthConfig', '/api/getUser', '/api/no-such-call'])(
    'sends HSTS for at least half a year, subdomains included, on %s',
    async (url) => {
      const hsts = String((await get(url)).headers['strict-transport-security']);
      const maxAge = Number(hsts.match(/max-age=(\d+)/)?.[1]);
      expect(maxAge).toBeGreaterThanOrEqual(HALF_A_YEAR_SECONDS);
      expect(hsts).toContain('includeSubDomains');
    },
  );

  it.each(['/signin', '/checkout', '/api/getAuthConfig'])(
    'allows no inline or evaluated script in the CSP of %s',
    async (url) => {
      const res = await get(url);
      const sources = scriptSources(res.headers['content-security-policy'] as string | undefined);
      expect(sources.length, `${url} has a script-src`).toBeGreaterThan(0);
      expect(sources).not.toContain("'unsafe-inline'");
      expect(sources).not.toContain("'unsafe-eval'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    },
  );

  it('sets the session cookies Secure, HttpOnly and SameSite at sign-in', async () => {
    const phoneNumber = freshPhoneNumber();
    const ip = randomIp();
    const post = (url: string, body: unknown) =>
      t.app.inject({
        method: 'POST',
        url,
        remoteAddress: ip,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    expect((await post('/api/auth/phone-number/send-otp', { phoneNumber })).statusCode).toBe(200);
    const code = sent.find((message) => message.to === phoneNumber)?.body.match(/\b(\d{6})\b/)?.[1];
    const verified = await post('/api/auth/phone-number/verify', { phoneNumber, code });
    expect(verified.statusCode).toBe(200);

    const cookies = ([] as string[]).concat(verified.headers['set-cookie'] ?? []);
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) {
      const attributes = cookie.split(';').map((part) => part.trim().toLowerCase());
      expect(attributes, cookie).toContain('secure');
      expect(attributes, cookie).toContain('httponly');
      expect(
        attributes.some((part) => /^samesite=(lax|strict)$/.test(part)),
        cookie,
      ).toBe(true);
    }
  });

  it('answers malformed and refused calls without anything internal', async () => {
    const answers = [
      await t.app.inject({
        method: 'POST',
        url: '/api/sendFeedback',
        remoteAddress: randomIp(),
        headers: { 'content-type': 'application/json' },
        payload: '{"content": "unfinished',
      }),
      await call(t.app, 'sendFeedback', { content: 'a\u0000b', location: 'x' }),
      await call(t.app, 'addBrowserSite', { siteOrigin: 'x' }, { token: 'not-a-token' }),
      await get('/api/dev/outbox'),
      await get('/api/getStripePrice?priceId=%00'),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json()).toMatchObject({ success: false, error: expect.any(String) });
      expectNothingInternal(res);
    }
  });

  it('answers a failure inside the server with a plain sentence, not the database error', async () => {
    const broken = await createTestApp(
      {
        ...loadConfig({ ...productionEnv, REDIS_URL: 'redis://127.0.0.1:1' }),
        webDistDir,
        logLevel: 'silent',
      },
      { smsSender: { send: async () => {} } },
    );
    // The database goes away under a running server: every query now fails inside the driver.
    await broken.database.close();
    try {
      const res = await call(broken.app, 'getQuotes');
      const sends = await broken.app.inject({
        method: 'POST',
        url: '/api/auth/phone-number/send-otp',
        remoteAddress: randomIp(),
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ phoneNumber: freshPhoneNumber() }),
      });
      for (const failed of [res, sends].filter((answer) => answer.statusCode >= 500)) {
        expectNothingInternal(failed);
      }
      const feedback = await call(broken.app, 'sendFeedback', { content: 'Hello', location: 'home' });
      expect(feedback.statusCode).toBe(500);
      expect(feedback.json()).toEqual({
        success: false,
        code: 'INTERNAL',
        error: 'Something went wrong on our side. Please try again.',
      });
    } finally {
      await broken.app.close();
    }
  });
});
