import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeExtension } from '../../test/fake-extension';
import { installFakeServer } from '../../test/fake-server';
import { linkExtension } from './extension-link';

afterEach(() => vi.unstubAllGlobals());

function setUp(pulse: { signedIn: boolean; userId: string | null }) {
  const server = installFakeServer({ signedIn: true });
  server.route('GET /api/createCustomFirebaseToken', () => ({
    body: { success: true, data: { token: 'one-time-token' } },
  }));
  const extension = installFakeExtension((message) =>
    message.type === 'PULSE_CHECK'
      ? { status: 'success', version: '1.0.0', ...pulse }
      : { status: 'success' },
  );
  return { server, extension };
}

describe('signing the extension in', () => {
  it('hands a fresh token to an extension that is signed out', async () => {
    const { extension } = setUp({ signedIn: false, userId: null });
    expect(await linkExtension('user-1')).toBe(true);
    expect(extension.received.map((r) => r.message)).toEqual([
      { type: 'PULSE_CHECK' },
      { type: 'USER_ACCESS_TOKEN_EXCHANGE', token: 'one-time-token' },
    ]);
  });

  it('replaces the session of an extension signed in as someone else', async () => {
    setUp({ signedIn: true, userId: 'user-2' });
    expect(await linkExtension('user-1')).toBe(true);
  });

  it('leaves an extension already signed in as this person alone, asking the server for nothing', async () => {
    const { server } = setUp({ signedIn: true, userId: 'user-1' });
    expect(await linkExtension('user-1')).toBe(false);
    expect(server.calls('GET /api/createCustomFirebaseToken')).toHaveLength(0);
  });

  it('does nothing without an extension', async () => {
    const server = installFakeServer({ signedIn: true });
    expect(await linkExtension('user-1')).toBe(false);
    expect(server.calls('GET /api/createCustomFirebaseToken')).toHaveLength(0);
  });
});

describe('two callers at once', () => {
  it('share one attempt, so the server makes one token', async () => {
    const { server } = setUp({ signedIn: false, userId: null });
    const [first, second] = await Promise.all([linkExtension('user-1'), linkExtension('user-1')]);
    expect(first).toBe(true);
    expect(second).toBe(true);
    expect(server.calls('GET /api/createCustomFirebaseToken')).toHaveLength(1);
  });
});
