import { endpoints } from '@stillpoint/core';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session } from '../src/db/schema';
import { withAdmins } from './support/admin';
import { signUp } from './support/api';
import { createTestApp, type TestApp } from './support/app';
import { bearer, freshPhoneNumber, getUser, signInByPhone } from './support/auth';

const UNAUTHENTICATED = { success: false, code: 'UNAUTHENTICATED', error: 'Please sign in to continue.' };
const FORBIDDEN = {
  success: false,
  code: 'FORBIDDEN',
  error: "This is for Stillpoint's support team, and your account is not one of its admins.",
};

// Every /api call except the few marked public needs a live session, given as a bearer token.
describe('authentication of the API', () => {
  let t: TestApp;
  /** Tokens that were sessions once, by how they stopped being one. */
  const ended: Record<'signedOut' | 'expired' | 'revokedById', string> = {
    signedOut: '',
    expired: '',
    revokedById: '',
  };
  const admins = withAdmins();
  beforeAll(async () => {
    t = await createTestApp(admins.config);
    ended.signedOut = await signInByPhone(t.app);
    const signOut = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: bearer(ended.signedOut),
    });
    expect(signOut.statusCode).toBe(200);

    ended.expired = await signInByPhone(t.app);
    const expiring = await currentSessionId(ended.expired);
    await t.database.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(session.id, expiring));

    // Signed out from another device by the session's id (the account page's "sign out" of a device).
    const phone = freshPhoneNumber();
    ended.revokedById = await signInByPhone(t.app, phone);
    const target = await currentSessionId(ended.revokedById);
    await t.database.db.execute(sql`update otp_send_log set sent_at = sent_at - interval '1 minute'`);
    const otherDevice = await signInByPhone(t.app, phone);
    const revoke = await t.app.inject({
      method: 'POST',
      url: '/api/auth/revoke-session',
      headers: { ...bearer(otherDevice), 'content-type': 'application/json' },
      payload: JSON.stringify({ id: target }),
    });
    expect(revoke.statusCode).toBe(200);
  });
  afterAll(() => t.close());

  async function currentSessionId(token: string): Promise<string> {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/list-sessions', headers: bearer(token) });
    const current = (res.json() as { id: string; current?: boolean }[]).find((listed) => listed.current);
    if (!current) throw new Error(`no current session: ${res.body}`);
    return current.id;
  }

  const userEndpoints = Object.entries(endpoints).filter(([, endpoint]) => endpoint.auth !== 'public');
  const adminEndpoints = userEndpoints.filter(([, endpoint]) => endpoint.auth === 'admin');

  const emptyCall = (
    endpoint: (typeof endpoints)[keyof typeof endpoints],
    headers: object,
  ): InjectOptions => ({
    method: endpoint.method,
    url: `/api${endpoint.path}`,
    headers: { ...headers, ...(endpoint.method === 'POST' ? { 'content-type': 'application/json' } : {}) },
    ...(endpoint.method === 'POST' ? { payload: '{}' } : {}),
  });

  it('has admin endpoints to check', () => {
    expect(adminEndpoints.length).toBeGreaterThan(5);
  });

  it('every admin endpoint answers 403 to a signed-in person who is not an admin, and not to an admin', async () => {
    const someone = await signUp(t.app);
    const admin = await admins.makeAdmin(t.app);
    for (const [name, endpoint] of adminEndpoints) {
      const refused = await t.app.inject(emptyCall(endpoint, bearer(someone.token)));
      expect(refused.statusCode, name).toBe(403);
      expect(refused.json(), name).toEqual(FORBIDDEN);
      const allowed = await t.app.inject(emptyCall(endpoint, bearer(admin.token)));
      expect([401, 403], name).not.toContain(allowed.statusCode);
    }
  });

  it('registers every user endpoint of the registry, so each one below is really called', () => {
    const unregistered = userEndpoints.filter(
      ([, e]) => !t.app.hasRoute({ method: e.method, url: `/api${e.path}` }),
    );
    expect(unregistered.map(([name]) => name)).toEqual([]);
  });

  describe.each([
    ['no token', {}],
    ['an empty bearer', { authorization: 'Bearer ' }],
    ['a made-up token', { authorization: 'Bearer not-a-session-token' }],
    ['a token of the wrong scheme', { authorization: 'Basic dXNlcjpwYXNz' }],
    ['a signed-out token', 'signedOut'],
    ['an expired token', 'expired'],
    ['a token revoked by its id from another device', 'revokedById'],
  ] as const)('with %s', (_case, credentials) => {
    it('every user endpoint answers 401 in the envelope', async () => {
      const headers =
        typeof credentials === 'string' ? bearer(ended[credentials as keyof typeof ended]) : credentials;
      for (const [name, endpoint] of userEndpoints) {
        const request: InjectOptions = {
          method: endpoint.method,
          url: `/api${endpoint.path}`,
          headers: {
            ...headers,
            ...(endpoint.method === 'POST' ? { 'content-type': 'application/json' } : {}),
          },
          ...(endpoint.method === 'POST' ? { payload: '{}' } : {}),
        };
        const res = await t.app.inject(request);
        expect(res.statusCode, name).toBe(401);
        expect(res.json(), name).toEqual(UNAUTHENTICATED);
      }
    });
  });

  it('refuses a signed-out session token: sign-out revokes it on the server', async () => {
    const token = await signInByPhone(t.app);
    expect((await getUser(t.app, token)).statusCode).toBe(200);
    const signOut = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: bearer(token) });
    expect(signOut.statusCode).toBe(200);
    const after = await getUser(t.app, token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual(UNAUTHENTICATED);
  });

  it('signing out one session leaves the person signed in elsewhere', async () => {
    const phone = '+14155550177';
    const laptop = await signInByPhone(t.app, phone);
    // Skip the send cooldown rather than wait 30 seconds.
    await t.database.db.execute(sql`update otp_send_log set sent_at = sent_at - interval '1 minute'`);
    const phoneBrowser = await signInByPhone(t.app, phone);
    await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: bearer(laptop) });
    expect((await getUser(t.app, laptop)).statusCode).toBe(401);
    expect((await getUser(t.app, phoneBrowser)).statusCode).toBe(200);
  });

  it('does not sign a request in with a session cookie alone (the API is bearer-only)', async () => {
    const verified = await signInByPhone(t.app);
    const cookie = `better-auth.session_token=${encodeURIComponent(verified)}`;
    // The cookie itself is a valid session: Better Auth's own route accepts it...
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
    expect(session.json()).toMatchObject({ session: { token: expect.any(String) } });
    // ...but the API does not.
    const res = await t.app.inject({ method: 'GET', url: '/api/getUser', headers: { cookie } });
    expect(res.statusCode).toBe(401);
  });

  it('serves the public calls without a token', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/getAuthConfig' });
    expect(config.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/healthz' })).statusCode).toBe(200);
  });
});
