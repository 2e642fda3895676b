import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { authConfig } from '../src/modules/account/service';
import { createTestApp, type TestApp, testConfig } from './support/app';
import { getUser, outbox, sendOtp, sessionTokenOf, verifyOtp } from './support/auth';

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

  it('lists every configured number and its code for the sign-in page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/getAuthConfig' });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { data: { testPhoneNumbers: unknown } }).data.testPhoneNumbers).toEqual([
      { phoneNumber: '+15555550100', code: '123456' },
      { phoneNumber: '+15555550123', code: '654321' },
    ]);
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
});
