import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionToken } from '../sessionToken';
import { fetchSession } from './session';

const getSession = vi.fn();
vi.mock('../authClient', () => ({ authClient: { getSession: () => getSession() } }));

describe('fetchSession', () => {
  beforeEach(() => {
    localStorage.clear();
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
});
