import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestApp, type TestApp } from './support/app';
import {
  freshPhoneNumber,
  lastCodeSentTo,
  sendOtp,
  sessionTokenOf,
  signInByPhone,
  verifyOtp,
} from './support/auth';

// Three wrong guesses per code, however they arrive: one at a time, in a burst, or spread over two
// server instances. Every request comes from its own address, as an attacker's would.
describe('phone code attempts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** `count` distinct six-digit codes, none of them `right`. */
  const wrongCodes = (right: string, count: number) => {
    const codes = new Set<string>();
    while (codes.size < count) {
      const guess = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
      if (guess !== right) codes.add(guess);
    }
    return [...codes];
  };

  const codeSentTo = async (phoneNumber: string) => {
    expect((await sendOtp(t.app, phoneNumber)).statusCode).toBe(200);
    return lastCodeSentTo(t.app, phoneNumber);
  };

  const sessionsOf = async (phoneNumber: string) => {
    const result = await t.database.db.execute(
      sql`select count(*)::int as count from session join "user" on "user".id = session.user_id where "user".phone_number = ${phoneNumber}`,
    );
    return Number((result as unknown as { rows: { count: number }[] }).rows[0]?.count);
  };

  // The next code for a number, as if half a minute had passed since the last one was sent.
  const nextCodeFor = async (phoneNumber: string) => {
    await t.database.db.execute(
      sql`update otp_send_log set sent_at = sent_at - interval '31 seconds' where phone_number = ${phoneNumber}`,
    );
    return codeSentTo(phoneNumber);
  };

  it('signs in at most once in six bursts of nine wrong codes with the right one last', async () => {
    let signedIn = 0;
    for (let burst = 0; burst < 6; burst++) {
      // An account that exists, as a target's would: each burst its own number.
      const phoneNumber = freshPhoneNumber();
      await signInByPhone(t.app, phoneNumber);
      const code = await nextCodeFor(phoneNumber);
      const guesses = [...wrongCodes(code, 9), code];
      const results = await Promise.all(guesses.map((guess) => verifyOtp(t.app, phoneNumber, guess)));
      expect(results.filter((res) => res.statusCode >= 500)).toEqual([]);
      if (results.some((res) => res.statusCode === 200)) signedIn++;
    }
    expect(signedIn).toBeLessThanOrEqual(1);
  });

  it('kills the code for requests already in flight once three wrong guesses are spent', async () => {
    const phoneNumber = freshPhoneNumber();
    const code = await codeSentTo(phoneNumber);
    const results = await Promise.all(
      wrongCodes(code, 10).map((guess) => verifyOtp(t.app, phoneNumber, guess)),
    );
    expect(results.filter((res) => res.statusCode === 400)).toHaveLength(3);
    expect(results.filter((res) => res.statusCode === 403)).toHaveLength(7);
    const right = await verifyOtp(t.app, phoneNumber, code);
    expect(right.statusCode).toBe(403);
    expect(right.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
  });

  it('counts the guesses of two server instances on one database together', async () => {
    const other = await buildTestApp(t.database);
    try {
      const phoneNumber = freshPhoneNumber();
      const code = await codeSentTo(phoneNumber);
      await Promise.all(
        wrongCodes(code, 6).map((guess, index) => verifyOtp(index % 2 ? other : t.app, phoneNumber, guess)),
      );
      expect((await verifyOtp(other, phoneNumber, code)).statusCode).toBe(403);
    } finally {
      await other.close();
    }
  });

  it('lets a right code through after two wrong guesses, and tells how the wrong ones went', async () => {
    const phoneNumber = freshPhoneNumber();
    const code = await codeSentTo(phoneNumber);
    for (const guess of wrongCodes(code, 2)) {
      const wrong = await verifyOtp(t.app, phoneNumber, guess);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({
        code: 'INVALID_OTP',
        message: expect.stringMatching(/not right/),
      });
    }
    expect((await verifyOtp(t.app, phoneNumber, code)).statusCode).toBe(200);
  });

  it('answers a double click with the first request’s session: one sign-in, no error', async () => {
    for (let round = 0; round < 3; round++) {
      const phoneNumber = freshPhoneNumber();
      const code = await codeSentTo(phoneNumber);
      const both = await Promise.all([
        verifyOtp(t.app, phoneNumber, code),
        verifyOtp(t.app, phoneNumber, code),
      ]);
      expect(both.map((res) => res.statusCode)).toEqual([200, 200]);
      const [first, second] = both.map((res) => sessionTokenOf(res));
      expect(second).toBe(first);
      expect(await sessionsOf(phoneNumber)).toBe(1);
    }
  });

  it('spends an attempt for every wrong guess at a code just spent, so a double click cannot be guessed into', async () => {
    const phoneNumber = freshPhoneNumber();
    const code = await codeSentTo(phoneNumber);
    expect((await verifyOtp(t.app, phoneNumber, code)).statusCode).toBe(200);
    await Promise.all(wrongCodes(code, 3).map((guess) => verifyOtp(t.app, phoneNumber, guess)));
    const late = await verifyOtp(t.app, phoneNumber, code);
    expect(late.statusCode).toBe(400);
    expect(late.headers['set-auth-token']).toBeUndefined();
    expect(await sessionsOf(phoneNumber)).toBe(1);
  });
});
