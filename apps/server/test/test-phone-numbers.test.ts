import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { authConfig } from '../src/modules/account/service';
import { createTestApp, type TestApp, testConfig } from './support/app';
import { getUser, outbox, randomIp, sendOtp, sessionTokenOf, verifyOtp } from './support/auth';
import { productionEnv, stagingEnv } from './support/config';

// Testers configure several test numbers; each must sign in, and the sign-in page must hear of each.
const TWO_NUMBERS = '+15555550100:123456,+15555550123:654321';
const providers = {
  google: { kind: 'oauth2', id: 'dev-google' },
  apple: { kind: 'oauth2', id: 'dev-apple' },
} as const;

describe('several test phone numbers', () => {
  let t: TestApp;
  beforeAll(async () => {
    const { auth } = loadConfig({ APP_ENV: 'test', TEST_PHONE_NUMBERS: TWO_NUMBERS });
    t = await createTestApp({ auth });
  });
  afterAll(() => t.close());

  it('lists every configured number for the sign-in page, and never a code', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/getAuthConfig' });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { data: { testPhoneNumbers: unknown } }).data.testPhoneNumbers).toEqual([
      { phoneNumber: '+15555550100' },
      { phoneNumber: '+15555550123' },
    ]);
    expect(res.body).not.toContain('123456');
    expect(res.body).not.toContain('654321');
  });

  it('signs in with the second number and its own code, without sending a text', async () => {
    const sent = await sendOtp(t.app, '+15555550123');
    expect(sent.statusCode).toBe(200);

    const verified = await verifyOtp(t.app, '+15555550123', '654321');
    expect(verified.statusCode).toBe(200);
    const user = await getUser(t.app, sessionTokenOf(verified));
    expect(user.json()).toMatchObject({ data: { phoneNumber: '+15555550123' } });
    expect((await outbox(t.app)).filter((message) => message.to === '+15555550123')).toEqual([]);
  });

  it("refuses the first number's code for the second number", async () => {
    await sendOtp(t.app, '+15555550123');
    expect((await verifyOtp(t.app, '+15555550123', '123456')).statusCode).toBe(400);
  });

  it('advertises none in production, however many are configured', () => {
    const base = testConfig();
    const { auth } = loadConfig({ APP_ENV: 'test', TEST_PHONE_NUMBERS: TWO_NUMBERS });
    expect(authConfig({ ...base, isProduction: true, auth }, providers).testPhoneNumbers).toEqual([]);
  });

  it('advertises the numbers on staging only where the development outbox is on, never their codes', () => {
    const staging = (extra: Record<string, string>) =>
      loadConfig({ ...stagingEnv, TEST_PHONE_NUMBERS: TWO_NUMBERS, ...extra });
    const withoutOutbox = staging({});
    expect(authConfig(withoutOutbox, providers).testPhoneNumbers).toEqual([]);
    const withOutbox = staging({ DEV_OUTBOX: 'true', DEV_OUTBOX_KEY: 'k'.repeat(32) });
    expect(authConfig(withOutbox, providers).testPhoneNumbers).toEqual([
      { phoneNumber: '+15555550100' },
      { phoneNumber: '+15555550123' },
    ]);
  });
});

// Store review accounts use test numbers on staging and in production, where their fixed code
// would otherwise be open to unlimited guessing.
describe('test phone numbers on staging and in production', () => {
  const NUMBER = '+15555550123';
  const CODE = '654321';
  let t: TestApp;
  beforeAll(async () => {
    const { auth } = loadConfig({ APP_ENV: 'test', TEST_PHONE_NUMBERS: TWO_NUMBERS });
    t = await createTestApp({ auth: { ...auth, testNumbersSkipLimits: false } });
  });
  afterAll(() => t.close());

  it('skip limits only in development and test', () => {
    const skips = (env: Record<string, string>) =>
      loadConfig({ TEST_PHONE_NUMBERS: TWO_NUMBERS, ...env }).auth.testNumbersSkipLimits;
    expect(skips({ APP_ENV: 'development' })).toBe(true);
    expect(skips({ APP_ENV: 'test' })).toBe(true);
    expect(skips(stagingEnv)).toBe(false);
    expect(skips({ ...productionEnv, TEST_PHONE_NUMBERS: '+15555550123:654321' })).toBe(false);
  });

  it('wait for the cooldown between codes, as real numbers do', async () => {
    expect((await sendOtp(t.app, '+15555550100')).statusCode).toBe(200);
    const again = await sendOtp(t.app, '+15555550100');
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ code: 'OTP_SEND_COOLDOWN' });
  });

  it('lose their fixed code after three wrong guesses', async () => {
    expect((await sendOtp(t.app, NUMBER)).statusCode).toBe(200);
    for (const guess of ['000001', '000002', '000003']) {
      expect((await verifyOtp(t.app, NUMBER, guess)).statusCode).toBe(400);
    }
    const right = await verifyOtp(t.app, NUMBER, CODE);
    expect(right.statusCode).toBe(403);
    expect(right.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
  });

  it('meet the per-address limits on sending and verifying', async () => {
    const address = randomIp();
    const verifies = await Promise.all(
      Array.from({ length: 21 }, (_, index) =>
        verifyOtp(t.app, NUMBER, String(index).padStart(6, '0'), address),
      ),
    );
    expect(verifies.filter((res) => res.statusCode === 429)).toHaveLength(1);

    const sendAddress = randomIp();
    const sends = await Promise.all(Array.from({ length: 11 }, () => sendOtp(t.app, NUMBER, sendAddress)));
    expect(
      sends.filter((res) => res.statusCode === 429 && res.json().code !== 'OTP_SEND_COOLDOWN'),
    ).toHaveLength(1);
  });
});
