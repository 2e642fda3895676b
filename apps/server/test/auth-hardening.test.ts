import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuth } from '../src/auth';
import { createTestApp, type TestApp, testConfig } from './support/app';
import {
  bearer,
  freshPhoneNumber,
  getUser,
  lastCodeSentTo,
  sendOtp,
  sessionTokenOf,
  signInByPhone,
  verifyOtp,
} from './support/auth';
import { createExchangeToken, exchangeExtensionToken } from './support/extension-link';

interface ListedSession {
  id: string;
  current: boolean;
  token?: unknown;
}

// Sessions and the tokens that stand for them (docs/auth.md, "Sessions and tokens").
describe('sessions and sign-in tokens', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const listSessions = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/list-sessions', headers: bearer(token) });
  const revokeSession = (token: string, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/revoke-session',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  const signInAgain = async (phoneNumber: string) => {
    await t.database.db.execute(
      sql`update otp_send_log set sent_at = sent_at - interval '1 hour' where phone_number = ${phoneNumber}`,
    );
    await sendOtp(t.app, phoneNumber);
    return sessionTokenOf(await verifyOtp(t.app, phoneNumber, await lastCodeSentTo(t.app, phoneNumber)));
  };
  const mintToken = (sessionToken: string) => createExchangeToken(t.app, sessionToken);
  const exchange = (token: unknown) => exchangeExtensionToken(t.app, token);

  describe('the session list', () => {
    it('names every session by id and carries no token', async () => {
      const phoneNumber = freshPhoneNumber();
      const first = await signInByPhone(t.app, phoneNumber);
      const second = await signInAgain(phoneNumber);

      const res = await listSessions(first);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(first);
      expect(res.body).not.toContain(second);
      const sessions = res.json() as ListedSession[];
      expect(sessions).toHaveLength(2);
      for (const session of sessions) {
        expect(session).not.toHaveProperty('token');
        expect(session.id).toEqual(expect.any(String));
      }
      expect(sessions.filter((session) => session.current)).toHaveLength(1);
    });

    it('lists ids that are no credential', async () => {
      const token = await signInByPhone(t.app);
      const [session] = (await listSessions(token)).json() as ListedSession[];
      expect((await getUser(t.app, session?.id)).statusCode).toBe(401);
    });
  });

  describe('revoking a session', () => {
    it('signs another of the person’s sessions out by its id', async () => {
      const phoneNumber = freshPhoneNumber();
      const web = await signInByPhone(t.app, phoneNumber);
      const phone = await signInAgain(phoneNumber);
      const other = ((await listSessions(web)).json() as ListedSession[]).find((session) => !session.current);

      const res = await revokeSession(web, { id: other?.id });
      expect(res.statusCode).toBe(200);
      expect((await getUser(t.app, phone)).statusCode).toBe(401);
      expect((await getUser(t.app, web)).statusCode).toBe(200);
    });

    it('answers another person’s session id with a 404 and leaves it alone', async () => {
      const victim = await signInByPhone(t.app);
      const attacker = await signInByPhone(t.app);
      const [victimSession] = (await listSessions(victim)).json() as ListedSession[];

      const res = await revokeSession(attacker, { id: victimSession?.id });
      expect(res.statusCode).toBe(404);
      expect((await getUser(t.app, victim)).statusCode).toBe(200);
    });

    it('no longer takes a token', async () => {
      const phoneNumber = freshPhoneNumber();
      const web = await signInByPhone(t.app, phoneNumber);
      const phone = await signInAgain(phoneNumber);
      expect((await revokeSession(web, { token: phone })).statusCode).toBe(400);
      expect((await getUser(t.app, phone)).statusCode).toBe(200);
    });

    it('refuses an id holding a NUL with a 400 both clients read, signed in or not, and signs nothing out', async () => {
      const token = await signInByPhone(t.app);
      const refusal = {
        success: false,
        code: 'BAD_REQUEST',
        error: 'Invalid body: id cannot contain the NUL character (U+0000).',
        message: 'Invalid body: id cannot contain the NUL character (U+0000).',
      };

      const signedIn = await revokeSession(token, { id: 'a\u0000b' });
      expect(signedIn.statusCode).toBe(400);
      expect(signedIn.json()).toEqual(refusal);
      const signedOut = await t.app.inject({
        method: 'POST',
        url: '/api/auth/revoke-session',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ id: 'a\u0000b' }),
      });
      expect(signedOut.statusCode).toBe(400);
      expect(signedOut.json()).toEqual(refusal);
      expect((await getUser(t.app, token)).statusCode).toBe(200);
    });

    it('answers an id no session can have with a 404 in Better Auth itself, not a failed query', async () => {
      // Straight to Better Auth, past the server's checks in front of it: the revoke step itself holds.
      const auth = createAuth({
        config: testConfig(),
        database: t.database,
        smsSender: { send: async () => undefined },
        log: t.app.log,
      });
      const revoke = (id: string, token?: string) =>
        auth.handler(
          new Request('http://localhost:3000/api/auth/revoke-session', {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...(token ? bearer(token) : {}) },
            body: JSON.stringify({ id }),
          }),
        );
      const token = await signInByPhone(t.app);
      for (const id of ['a\u0000b', '\uD800']) {
        const signedIn = await revoke(id, token);
        expect(signedIn.status, JSON.stringify(id)).toBe(404);
        expect(await signedIn.json()).toMatchObject({ code: 'SESSION_NOT_FOUND' });
        expect((await revoke(id)).status, JSON.stringify(id)).toBe(401);
      }
      expect((await getUser(t.app, token)).statusCode).toBe(200);
    });
  });

  describe('extension tokens', () => {
    it('are refused once the session that made them signed out', async () => {
      const web = await signInByPhone(t.app);
      const token = await mintToken(web);
      await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: bearer(web) });
      expect((await exchange(token)).statusCode).toBe(401);
    });

    it('are refused once the session that made them was revoked', async () => {
      const phoneNumber = freshPhoneNumber();
      const web = await signInByPhone(t.app, phoneNumber);
      const token = await mintToken(web);
      const phone = await signInAgain(phoneNumber);
      const webSession = ((await listSessions(phone)).json() as ListedSession[]).find(
        (session) => !session.current,
      );
      expect((await revokeSession(phone, { id: webSession?.id })).statusCode).toBe(200);
      expect((await exchange(token)).statusCode).toBe(401);
    });

    it('are refused once the session that made them expired', async () => {
      const web = await signInByPhone(t.app);
      const token = await mintToken(web);
      await t.database.db.execute(
        sql`update session set expires_at = now() - interval '1 second' where id = (select session_id from extension_exchange_token order by created_at desc limit 1)`,
      );
      expect((await exchange(token)).statusCode).toBe(401);
    });

    it('still work while the session that made them lasts', async () => {
      const web = await signInByPhone(t.app);
      expect((await exchange(await mintToken(web))).statusCode).toBe(200);
    });
  });

  describe('a double-submitted code', () => {
    it('signs the person in on both requests', async () => {
      for (let round = 0; round < 5; round++) {
        const phoneNumber = freshPhoneNumber();
        await sendOtp(t.app, phoneNumber);
        const code = await lastCodeSentTo(t.app, phoneNumber);
        const [first, second] = await Promise.all([
          verifyOtp(t.app, phoneNumber, code),
          verifyOtp(t.app, phoneNumber, code),
        ]);
        expect([first?.statusCode, second?.statusCode]).toEqual([200, 200]);
        const uids = await Promise.all(
          [first, second].map(async (res) => {
            const me = await getUser(t.app, sessionTokenOf(res as Parameters<typeof sessionTokenOf>[0]));
            return (me.json() as { data: { uid: string } }).data.uid;
          }),
        );
        expect(uids[0]).toBe(uids[1]);
      }
    });

    it('signs in a second submit that comes a moment after the first', async () => {
      const phoneNumber = freshPhoneNumber();
      await sendOtp(t.app, phoneNumber);
      const code = await lastCodeSentTo(t.app, phoneNumber);
      expect((await verifyOtp(t.app, phoneNumber, code)).statusCode).toBe(200);
      const late = await verifyOtp(t.app, phoneNumber, code);
      expect(late.statusCode).toBe(200);
      expect((await getUser(t.app, sessionTokenOf(late))).statusCode).toBe(200);
    });

    it('refuses the code once it was spent more than a few seconds ago', async () => {
      const phoneNumber = freshPhoneNumber();
      await sendOtp(t.app, phoneNumber);
      const code = await lastCodeSentTo(t.app, phoneNumber);
      expect((await verifyOtp(t.app, phoneNumber, code)).statusCode).toBe(200);
      await t.database.db.execute(
        sql`update verification set expires_at = now() - interval '1 second' where identifier = ${`phone-number-just-used-${phoneNumber}`}`,
      );
      const replay = await verifyOtp(t.app, phoneNumber, code);
      expect(replay.statusCode).toBe(400);
      expect(replay.headers['set-auth-token']).toBeUndefined();
    });

    it('notes a spent code for five seconds only', async () => {
      const phoneNumber = freshPhoneNumber();
      await sendOtp(t.app, phoneNumber);
      await verifyOtp(t.app, phoneNumber, await lastCodeSentTo(t.app, phoneNumber));
      const result = await t.database.db.execute(
        sql`select extract(epoch from expires_at - now())::float8 as seconds from verification where identifier = ${`phone-number-just-used-${phoneNumber}`}`,
      );
      const seconds = Number((result as unknown as { rows: { seconds: number }[] }).rows[0]?.seconds);
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(5);
    });

    it('does not sign in a wrong code sent after a right one', async () => {
      const phoneNumber = freshPhoneNumber();
      await sendOtp(t.app, phoneNumber);
      const code = await lastCodeSentTo(t.app, phoneNumber);
      expect((await verifyOtp(t.app, phoneNumber, code)).statusCode).toBe(200);
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      expect((await verifyOtp(t.app, phoneNumber, wrong)).statusCode).toBe(400);
    });

    it('refuses 20 simultaneous wrong codes, all of them', async () => {
      const phoneNumber = freshPhoneNumber();
      await sendOtp(t.app, phoneNumber);
      const code = await lastCodeSentTo(t.app, phoneNumber);
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      const results = await Promise.all(
        Array.from({ length: 20 }, () => verifyOtp(t.app, phoneNumber, wrong)),
      );
      expect(results.filter((res) => res.statusCode === 200)).toEqual([]);
      expect(results.filter((res) => res.headers['set-auth-token'])).toEqual([]);
    });
  });
});
