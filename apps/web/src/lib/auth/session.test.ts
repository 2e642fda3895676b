import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionToken } from '../sessionToken';
import { oauthReturn } from './oauthReturn';
import { fetchSession, sessionHinted } from './session';

const getSession = vi.fn();
vi.mock('../authClient', () => ({ authClient: { getSession: () => getSession() } }));

describe('fetchSession', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    getSession.mockReset();
  });

  it('forgets the token it asked with when the server knows no session', async () => {
    sessionToken.set('revoked.token');
    getSession.mockResolvedValue({ data: null, error: null });
    await expect(fetchSession()).resolves.toBeNull();
    expect(sessionToken.get()).toBeNull();
  });

  it('keeps a token stored while it was asking (a sign-in in another tab)', async () => {
    getSession.mockImplementation(async () => {
      sessionToken.set('fresh.token');
      return { data: null, error: null };
    });
    await expect(fetchSession()).resolves.toBeNull();
    expect(sessionToken.get()).toBe('fresh.token');
  });

  it('settles a Google or Apple sign-in coming back once the server has answered', async () => {
    oauthReturn.expect();
    expect(sessionHinted()).toBe(true);
    getSession.mockResolvedValue({ data: null, error: null });
    await expect(fetchSession()).resolves.toBeNull();
    expect(oauthReturn.pending()).toBe(false);
    expect(sessionHinted()).toBe(false);
  });

  it('keeps waiting for the returning sign-in when the server could not be asked', async () => {
    oauthReturn.expect();
    getSession.mockResolvedValue({ data: null, error: { status: 503, message: 'Down' } });
    await expect(fetchSession()).rejects.toThrow('Down');
    expect(oauthReturn.pending()).toBe(true);
  });

  it('hints at a session only with a stored token or a sign-in coming back', () => {
    expect(sessionHinted()).toBe(false);
    sessionToken.set('some.token');
    expect(sessionHinted()).toBe(true);
  });
});
