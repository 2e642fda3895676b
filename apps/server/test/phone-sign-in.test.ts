import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestApp, type TestApp, testConfig } from './support/app';
import {
  bearer,
  freshPhoneNumber,
  getUser,
  lastCodeSentTo,
  outbox,
  sendOtp,
  sessionTokenOf,
  signInByPhone,
  TEST_CODE,
  TEST_NUMBER,
  verifyOtp,
} from './support/auth';

// Phone sign-in end to end through /api/auth (Better Auth's phoneNumber plugin plus Stillpoint's
// policy), reading codes from the development outbox the way a person reads their phone.
describe('phone sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const expireCodeFor = (phoneNumber: string) =>
    t.database.db.execute(
      sql`update verification set expires_at = now() - interval '1 second' where identifier = ${`phone-number-otp-${phoneNumber}`}`,
    );
  // A spent code still signs in for a few seconds (a double click); these tests replay it after.
  const forgetJustUsed = (phoneNumber: string) =>
    t.database.db.execute(
      sql`update verification set expires_at = now() - interval '1 second' where identifier = ${`phone-number-just-used-${phoneNumber}`}`,
    );
  const accountsWith = async (phoneNumber: string) => {
    const result = await t.database.db.execute(
      sql`select count(*)::int as count from "user" where phone_number = ${phoneNumber}`,
    );
    return Number((result as unknown as { rows: { count: number }[] }).rows[0]?.count);
  };
  const ageSendLog = (phoneNumber: string, seconds: number) =>
    t.database.db.execute(
      sql`update otp_send_log set sent_at = sent_at - make_interval(secs => ${seconds}) where phone_number = ${phoneNumber}`,
    );

  it('sends a 6-digit code by SMS, and the code opens a bearer session the API accepts', async () => {
    const phoneNumber = freshPhoneNumber();
    const sent = await sendOtp(t.app, phoneNumber);
    expect(sent.statusCode).toBe(200);
    const code = await lastCodeSentTo(t.app, phoneNumber);
    expect(code).toMatch(/^\d{6}$/);

    const verified = await verifyOtp(t.app, phoneNumber, code);
    expect(verified.statusCode).toBe(200);
    const token = sessionTokenOf(verified);

    const me = await getUser(t.app, token);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      success: true,
      data: { uid: expect.any(String), phoneNumber, email: null },
    });
  });

  it('accepts the number as a person types it and signs them into the same account', async () => {
    const first = await signInByPhone(t.app, '+14155550142');
    await ageSendLog('+14155550142', 31);
    const spaced = '+1 (415) 555-0142';
    expect((await sendOtp(t.app, spaced)).statusCode).toBe(200);
    const again = sessionTokenOf(await verifyOtp(t.app, spaced, await lastCodeSentTo(t.app, '+14155550142')));
    const a = (await getUser(t.app, first)).json() as { data: { uid: string } };
    const b = (await getUser(t.app, again)).json() as { data: { uid: string } };
    expect(b.data.uid).toBe(a.data.uid);
  });

  it('never shows the placeholder e-mail a phone-only account needs internally', async () => {
    const phoneNumber = freshPhoneNumber();
    await sendOtp(t.app, phoneNumber);
    const verified = await verifyOtp(t.app, phoneNumber, await lastCodeSentTo(t.app, phoneNumber));
    expect(verified.json()).toMatchObject({ user: { phoneNumber, email: null } });
    const token = sessionTokenOf(verified);

    const synced = await t.app.inject({
      method: 'POST',
      url: '/api/syncCurrentUser',
      headers: bearer(token),
      payload: {},
    });
    expect(synced.json()).toMatchObject({ success: true, data: { user: { phoneNumber, email: null } } });
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: bearer(token),
    });
    expect(session.json()).toMatchObject({ user: { phoneNumber, email: null } });

    // The row must hold something (user.email is NOT NULL): an address on a domain that cannot exist.
    const result = await t.database.db.execute(
      sql`select email from "user" where phone_number = ${phoneNumber}`,
    );
    const { rows } = result as unknown as { rows: { email: string }[] };
    expect(rows[0]?.email).toMatch(/@phone\.stillpoint\.invalid$/);
  });

  it('refuses the right code after three wrong ones', async () => {
    const phoneNumber = freshPhoneNumber();
    await sendOtp(t.app, phoneNumber);
    const code = await lastCodeSentTo(t.app, phoneNumber);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 3; attempt++) {
      const res = await verifyOtp(t.app, phoneNumber, wrong);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'INVALID_OTP',
        message: 'That code is not right. Check it and try again.',
      });
      expect(res.headers['set-auth-token']).toBeUndefined();
    }
    const right = await verifyOtp(t.app, phoneNumber, code);
    expect(right.statusCode).toBe(403);
    expect(right.headers['set-auth-token']).toBeUndefined();
    expect((right.json() as { message: string }).message).toMatch(/too many attempts/i);
  });

  it('still accepts the right code after two wrong ones', async () => {
    const phoneNumber = freshPhoneNumber();
    await sendOtp(t.app, phoneNumber);
    const code = await lastCodeSentTo(t.app, phoneNumber);
    const wrong = code === '000000' ? '111111' : '000000';
    await verifyOtp(t.app, phoneNumber, wrong);
    await verifyOtp(t.app, phoneNumber, wrong);
    expect((await verifyOtp(t.app, phoneNumber, code)).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const phoneNumber = freshPhoneNumber();
    await sendOtp(t.app, phoneNumber);
    const code = await lastCodeSentTo(t.app, phoneNumber);
    await expireCodeFor(phoneNumber);
    const res = await verifyOtp(t.app, phoneNumber, code);
    expect(res.statusCode).toBe(400);
    expect(res.headers['set-auth-token']).toBeUndefined();
    expect((res.json() as { message: string }).message).toMatch(/expired/i);
  });

  it('codes expire five minutes after they are sent', async () => {
    const phoneNumber = freshPhoneNumber();
    await sendOtp(t.app, phoneNumber);
    const result = await t.database.db.execute(
      sql`select extract(epoch from expires_at - created_at)::float8 as seconds from verification where identifier = ${`phone-number-otp-${phoneNumber}`}`,
    );
    const { rows } = result as unknown as { rows: { seconds: number }[] };
    expect(Math.round(Number(rows[0]?.seconds))).toBe(300);
  });

  it('spends a code once: the same code cannot sign in twice', async () => {
    const phoneNumber = freshPhoneNumber();
    await sendOtp(t.app, phoneNumber);
    const code = await lastCodeSentTo(t.app, phoneNumber);
    expect((await verifyOtp(t.app, phoneNumber, code)).statusCode).toBe(200);
    await forgetJustUsed(phoneNumber);
    const replay = await verifyOtp(t.app, phoneNumber, code);
    expect(replay.statusCode).toBe(400);
    expect(replay.headers['set-auth-token']).toBeUndefined();
  });

  // A double click sends the right code twice at once: every request that saw the code live signs
  // the one person in (auth-hardening.test.ts covers what still fails). The code is spent after.
  it('signs one person in from several simultaneous verifications of one code, then refuses it', async () => {
    const phoneNumber = freshPhoneNumber();
    await sendOtp(t.app, phoneNumber);
    const code = await lastCodeSentTo(t.app, phoneNumber);
    const results = await Promise.all(Array.from({ length: 6 }, () => verifyOtp(t.app, phoneNumber, code)));
    const signedIn = results.filter((res) => res.statusCode === 200);
    expect(signedIn.length).toBeGreaterThanOrEqual(1);
    expect(results.filter((res) => res.statusCode !== 200 && res.statusCode !== 400)).toEqual([]);
    expect(signedIn.every((res) => typeof res.headers['set-auth-token'] === 'string')).toBe(true);
    expect(await accountsWith(phoneNumber)).toBe(1);
    await forgetJustUsed(phoneNumber);
    expect((await verifyOtp(t.app, phoneNumber, code)).statusCode).toBe(400);
  });

  it('signs one person in when two server instances verify one code at once, then refuses it', async () => {
    // A second app on the same database has its own Better Auth instance and in-process state,
    // so only the database keeps the two apart.
    const other = await buildTestApp(t.database);
    try {
      for (let round = 0; round < 3; round++) {
        const phoneNumber = freshPhoneNumber();
        await sendOtp(t.app, phoneNumber);
        const code = await lastCodeSentTo(t.app, phoneNumber);
        const results = await Promise.all([
          verifyOtp(t.app, phoneNumber, code),
          verifyOtp(other, phoneNumber, code),
          verifyOtp(t.app, phoneNumber, code),
          verifyOtp(other, phoneNumber, code),
        ]);
        expect(results.some((res) => res.statusCode === 200)).toBe(true);
        expect(results.filter((res) => res.statusCode !== 200 && res.statusCode !== 400)).toEqual([]);
        expect(await accountsWith(phoneNumber)).toBe(1);
        await forgetJustUsed(phoneNumber);
        expect((await verifyOtp(other, phoneNumber, code)).statusCode).toBe(400);
      }
    } finally {
      await other.close();
    }
  });

  it('makes a number wait 30 seconds between codes', async () => {
    const phoneNumber = freshPhoneNumber();
    expect((await sendOtp(t.app, phoneNumber)).statusCode).toBe(200);
    const tooSoon = await sendOtp(t.app, phoneNumber);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toMatchObject({
      code: 'OTP_SEND_COOLDOWN',
      message: expect.stringMatching(/wait \d+ seconds/),
    });
    expect((await outbox(t.app)).filter((m) => m.to === phoneNumber)).toHaveLength(1);

    await ageSendLog(phoneNumber, 31);
    expect((await sendOtp(t.app, phoneNumber)).statusCode).toBe(200);
  });

  it('waits as long as OTP_SEND_COOLDOWN_SECONDS says, and not at all with 0, keeping the hourly cap', async () => {
    const noWait = await buildTestApp(t.database, {
      auth: { ...testConfig().auth, otpSendCooldownSeconds: 0 },
    });
    const longer = await buildTestApp(t.database, {
      auth: { ...testConfig().auth, otpSendCooldownSeconds: 90 },
    });
    try {
      const phoneNumber = freshPhoneNumber();
      for (let send = 0; send < 5; send++)
        expect((await sendOtp(noWait, phoneNumber)).statusCode, `send ${send + 1}`).toBe(200);
      expect((await sendOtp(noWait, phoneNumber)).json()).toMatchObject({ code: 'OTP_SEND_HOURLY_CAP' });

      const other = freshPhoneNumber();
      expect((await sendOtp(longer, other)).statusCode).toBe(200);
      await ageSendLog(other, 60);
      expect((await sendOtp(longer, other)).json()).toMatchObject({
        code: 'OTP_SEND_COOLDOWN',
        message: expect.stringMatching(/wait 30 seconds/),
      });
    } finally {
      await Promise.all([noWait.close(), longer.close()]);
    }
  });

  it('sends at most five codes to a number in an hour', async () => {
    const phoneNumber = freshPhoneNumber();
    for (let send = 0; send < 5; send++) {
      expect((await sendOtp(t.app, phoneNumber)).statusCode, `send ${send + 1}`).toBe(200);
      await ageSendLog(phoneNumber, 31);
    }
    const sixth = await sendOtp(t.app, phoneNumber);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({
      code: 'OTP_SEND_HOURLY_CAP',
      message: expect.stringMatching(/try again in \d+ minutes/),
    });
    expect((await outbox(t.app)).filter((m) => m.to === phoneNumber)).toHaveLength(5);

    await ageSendLog(phoneNumber, 3600);
    expect((await sendOtp(t.app, phoneNumber)).statusCode).toBe(200);
  });

  it('answers a number with an account exactly as one without', async () => {
    const known = freshPhoneNumber();
    await signInByPhone(t.app, known);
    await ageSendLog(known, 31);
    const unknown = freshPhoneNumber();

    const forKnown = await sendOtp(t.app, known);
    const forUnknown = await sendOtp(t.app, unknown);
    expect(forKnown.statusCode).toBe(forUnknown.statusCode);
    expect(forKnown.body).toBe(forUnknown.body);
    const visible = (res: typeof forKnown) =>
      Object.keys(res.headers)
        .filter(
          (name) => !['date', 'x-request-id', 'x-ratelimit-remaining', 'x-ratelimit-reset'].includes(name),
        )
        .sort();
    expect(visible(forKnown)).toEqual(visible(forUnknown));

    // And a second ask inside the cooldown is refused the same way for both.
    const againKnown = await sendOtp(t.app, known);
    const againUnknown = await sendOtp(t.app, unknown);
    expect([againKnown.statusCode, againKnown.body]).toEqual([againUnknown.statusCode, againUnknown.body]);
  });

  it('signs a test number in with its fixed code and sends nothing', async () => {
    const before = (await outbox(t.app)).length;
    const sent = await sendOtp(t.app, TEST_NUMBER);
    expect(sent.statusCode).toBe(200);
    expect(await outbox(t.app)).toHaveLength(before);

    const token = sessionTokenOf(await verifyOtp(t.app, TEST_NUMBER, TEST_CODE));
    expect((await getUser(t.app, token)).json()).toMatchObject({ data: { phoneNumber: TEST_NUMBER } });
  });

  it('holds a test number to the same rules: one use per code, three wrong tries', async () => {
    await sendOtp(t.app, TEST_NUMBER);
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await verifyOtp(t.app, TEST_NUMBER, '654321')).statusCode).toBe(400);
    }
    expect((await verifyOtp(t.app, TEST_NUMBER, TEST_CODE)).statusCode).toBe(403);
    // Test numbers have no send cooldown (nothing is sent), so the e2e suite can sign in repeatedly.
    await sendOtp(t.app, TEST_NUMBER);
    expect((await verifyOtp(t.app, TEST_NUMBER, TEST_CODE)).statusCode).toBe(200);
    await forgetJustUsed(TEST_NUMBER);
    expect((await verifyOtp(t.app, TEST_NUMBER, TEST_CODE)).statusCode).toBe(400);
  });

  it.each([
    ['letters', 'call me'],
    ['too few digits', '+1234'],
    ['no country code', '4155552671'],
    ['an impossible number', '+10005552671'],
    ['a number that is not text', 4155552671],
    ['nothing', ''],
  ])('answers %s with a readable 400 and sends nothing', async (_case, phoneNumber) => {
    const before = (await outbox(t.app)).length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/phone-number/send-otp',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ phoneNumber }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'INVALID_PHONE_NUMBER',
      message: expect.stringContaining('valid phone number'),
    });
    expect(await outbox(t.app)).toHaveLength(before);
  });

  it.each([
    ['send-otp', 'malformed JSON', '{"phoneNumber": "+1415'],
    ['send-otp', 'an array', '[1, 2]'],
    ['send-otp', 'no phone number', '{}'],
    ['verify', 'malformed JSON', '{"code": '],
    ['verify', 'no code', JSON.stringify({ phoneNumber: '+14155552671' })],
    ['verify', 'a code with letters', JSON.stringify({ phoneNumber: '+14155552671', code: '12ab56' })],
    ['verify', 'a short code', JSON.stringify({ phoneNumber: '+14155552671', code: '12345' })],
    [
      'verify',
      'an extra field',
      JSON.stringify({ phoneNumber: '+14155552671', code: '123456', updatePhoneNumber: true }),
    ],
  ])('answers %s with %s with a 400, not a 500', async (route, _case, payload) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/auth/phone-number/${route}`,
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(400);
  });
});
