import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../src/http/rate-limit';
import { buildTestApp, createTestApp, type TestApp } from './support/app';
import { freshPhoneNumber, randomIp, sendOtp, TEST_CODE, TEST_NUMBER, verifyOtp } from './support/auth';
import { testRedisUrl } from './support/database';

const LIMITED = {
  success: false,
  code: 'RATE_LIMITED',
  error: expect.stringMatching(/^Too many requests\. Please try again in .+\.$/),
};

describe('rate limits (in memory)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('limits code sends per address, in the envelope with a readable message', async () => {
    const ip = randomIp();
    for (let send = 0; send < rateLimits.otpSend.max; send++) {
      expect((await sendOtp(t.app, freshPhoneNumber(), ip)).statusCode).toBe(200);
    }
    const limited = await sendOtp(t.app, freshPhoneNumber(), ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(LIMITED);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is unaffected.
    expect((await sendOtp(t.app, freshPhoneNumber(), randomIp())).statusCode).toBe(200);
  });

  it('limits code guesses per address', async () => {
    const ip = randomIp();
    const phoneNumber = freshPhoneNumber();
    for (let guess = 0; guess < rateLimits.otpVerify.max; guess++) {
      expect((await verifyOtp(t.app, phoneNumber, '000000', ip)).statusCode).not.toBe(429);
    }
    expect((await verifyOtp(t.app, phoneNumber, '000000', ip)).statusCode).toBe(429);
  });

  it('does not count the test number, which sends nothing', async () => {
    const ip = randomIp();
    for (let round = 0; round < rateLimits.otpSend.max + 2; round++) {
      expect((await sendOtp(t.app, TEST_NUMBER, ip)).statusCode).toBe(200);
      expect((await verifyOtp(t.app, TEST_NUMBER, TEST_CODE, ip)).statusCode).toBe(200);
    }
  });

  it('limits every other auth route', async () => {
    const ip = randomIp();
    const getSession = () => t.app.inject({ method: 'GET', url: '/api/auth/get-session', remoteAddress: ip });
    for (let call = 0; call < rateLimits.auth.max; call++) expect((await getSession()).statusCode).toBe(200);
    const limited = await getSession();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(LIMITED);
  });

  it('limits the extension token exchange', async () => {
    const ip = randomIp();
    const exchange = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/exchangeExtensionToken',
        remoteAddress: ip,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ token: 'guess' }),
      });
    for (let call = 0; call < rateLimits.extensionExchange.max; call++) {
      expect((await exchange()).statusCode).toBe(401);
    }
    expect((await exchange()).statusCode).toBe(429);
  });
});

// CI's second run sets REDIS_URL: limits are then shared by every server instance.
describe.skipIf(!testRedisUrl())('rate limits shared through Redis', () => {
  let t: TestApp;
  let other: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    const redisUrl = testRedisUrl();
    t = await createTestApp({ redisUrl });
    other = await buildTestApp(t.database, { redisUrl });
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  it('counts requests to two server instances together', async () => {
    const ip = randomIp();
    const apps = [t.app, other];
    for (let send = 0; send < rateLimits.otpSend.max; send++) {
      const app = apps[send % 2] ?? t.app;
      expect((await sendOtp(app, freshPhoneNumber(), ip)).statusCode).toBe(200);
    }
    // Each instance alone has seen only half the limit; together they have seen all of it.
    expect((await sendOtp(t.app, freshPhoneNumber(), ip)).statusCode).toBe(429);
    expect((await sendOtp(other, freshPhoneNumber(), ip)).statusCode).toBe(429);
  });
});
