import { describe, expect, it } from 'vitest';
import { installFakeServer, TEST_TOKEN } from '../../test/fake-server';
import { sessionToken } from '../session-token';
import { oauthReturn } from './oauth-return';
import { checkSessionEarly, fetchSession, sessionHinted } from './session';

const SESSION_ROUTE = 'GET /api/auth/get-session';

describe('fetchSession', () => {
  it('asks with the stored token and reads the person', async () => {
    const server = installFakeServer({ signedIn: true });
    sessionToken.set(TEST_TOKEN);

    await expect(fetchSession()).resolves.toEqual({
      id: 'session-1',
      user: { uid: expect.any(String), phoneNumber: '+15555550100', email: null },
    });
    expect(server.calls(SESSION_ROUTE)[0]?.headers.get('authorization')).toBe(`Bearer ${TEST_TOKEN}`);
  });

  it("keeps the token handed over for a Google or Apple sign-in's cookie session", async () => {
    const server = installFakeServer({ signedIn: true });
    server.route(SESSION_ROUTE, () => ({
      body: {
        session: { id: 'session-2' },
        user: { id: 'u2', email: 'sam@example.com', phoneNumber: null },
      },
      headers: { 'set-auth-token': 'handed.over' },
    }));

    await expect(fetchSession()).resolves.toMatchObject({
      id: 'session-2',
      user: { email: 'sam@example.com' },
    });
    expect(server.calls(SESSION_ROUTE)[0]?.headers.get('authorization')).toBeNull();
    expect(sessionToken.get()).toBe('handed.over');
  });

  it('forgets the token it asked with when the server knows no session', async () => {
    sessionToken.set('revoked.token');
    await expect(fetchSession()).resolves.toBeNull();
    expect(sessionToken.get()).toBeNull();
  });

  it('forgets it on a 401 too', async () => {
    const server = installFakeServer();
    server.route(SESSION_ROUTE, () => ({ status: 401, body: { code: 'UNAUTHORIZED' } }));
    sessionToken.set('revoked.token');
    await expect(fetchSession()).resolves.toBeNull();
    expect(sessionToken.get()).toBeNull();
  });

  it('keeps a token stored while it was asking (a sign-in in another tab)', async () => {
    const server = installFakeServer();
    server.route(SESSION_ROUTE, () => {
      sessionToken.set('fresh.token');
      return { body: null };
    });
    await expect(fetchSession()).resolves.toBeNull();
    expect(sessionToken.get()).toBe('fresh.token');
  });

  it('throws, keeping the token, when the server cannot answer', async () => {
    const server = installFakeServer();
    server.route(SESSION_ROUTE, () => ({ status: 503, body: { code: 'UNAVAILABLE' } }));
    sessionToken.set('kept.token');
    await expect(fetchSession()).rejects.toThrow('Could not check your sign-in.');
    expect(sessionToken.get()).toBe('kept.token');
  });

  it('settles a Google or Apple sign-in coming back once the server has answered', async () => {
    oauthReturn.expect();
    expect(sessionHinted()).toBe(true);
    await expect(fetchSession()).resolves.toBeNull();
    expect(oauthReturn.pending()).toBe(false);
    expect(sessionHinted()).toBe(false);
  });

  it('keeps waiting for the returning sign-in when the server could not be asked', async () => {
    oauthReturn.expect();
    const server = installFakeServer();
    server.route(SESSION_ROUTE, () => ({ status: 503, body: { code: 'UNAVAILABLE' } }));
    await expect(fetchSession()).rejects.toThrow();
    expect(oauthReturn.pending()).toBe(true);
  });

  it('hints at a session only with a stored token or a sign-in coming back', () => {
    expect(sessionHinted()).toBe(false);
    sessionToken.set('some.token');
    expect(sessionHinted()).toBe(true);
  });

  it('lets the first check use the answer asked for as the page started, and asks afresh after it', async () => {
    const server = installFakeServer({ signedIn: true });
    sessionToken.set(TEST_TOKEN);
    checkSessionEarly();
    expect(server.calls(SESSION_ROUTE)).toHaveLength(1);

    await expect(fetchSession()).resolves.toMatchObject({ id: 'session-1' });
    expect(server.calls(SESSION_ROUTE)).toHaveLength(1);
    await fetchSession();
    expect(server.calls(SESSION_ROUTE)).toHaveLength(2);
  });
});
