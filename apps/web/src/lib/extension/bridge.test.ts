import { DEVELOPMENT_EXTENSION_ID, EXTENSION_MISSING_MESSAGE } from '@stillpoint/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeExtension } from '../../test/fake-extension';
import { clearBrowserSitesCache, pulseCheck, startExtensionSession } from './actions';
import { ExtensionMissingError, ExtensionReplyError, sendExtensionMessage } from './bridge';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const session = { siteId: 'site-1', sessionId: 'session-1', numMs: 300_000, timeStarted: 1_800_000_000 };

describe('the extension bridge', () => {
  it('says "User does not have extension" when no extension exposes chrome.runtime', async () => {
    await expect(sendExtensionMessage({ type: 'PULSE_CHECK' })).rejects.toThrow(EXTENSION_MISSING_MESSAGE);
    expect(await pulseCheck()).toBeNull();
  });

  it('treats "Receiving end does not exist" as a missing extension', async () => {
    installFakeExtension(() => ({ status: 'success' }), { installed: false });
    await expect(sendExtensionMessage({ type: 'PULSE_CHECK' })).rejects.toBeInstanceOf(ExtensionMissingError);
  });

  it("sends to the environment's extension id and returns the success reply", async () => {
    const { received } = installFakeExtension(() => ({
      status: 'success',
      version: '1.2.0',
      signedIn: true,
      userId: 'u1',
    }));
    expect(await pulseCheck()).toEqual({ status: 'success', version: '1.2.0', signedIn: true, userId: 'u1' });
    expect(received[0]?.extensionId).toBe(DEVELOPMENT_EXTENSION_ID);
  });

  it('START_SESSION gives true on status success and false (logged) otherwise', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { received } = installFakeExtension((message) =>
      message.siteId === 'site-1' ? { status: 'success' } : { status: 'error', error: 'unknown site' },
    );
    expect(await startExtensionSession(session)).toBe(true);
    expect(received[0]?.message).toEqual({ type: 'START_SESSION', ...session });
    expect(await startExtensionSession({ ...session, siteId: 'other' })).toBe(false);
    expect(error).toHaveBeenCalledOnce();
  });

  it('rejects an error reply with its message', async () => {
    installFakeExtension(() => ({ status: 'error', error: 'not signed in' }));
    await expect(sendExtensionMessage({ type: 'GET_LEGACY_DATA' })).rejects.toEqual(
      new ExtensionReplyError('not signed in'),
    );
  });

  it('gives up on an extension that never answers', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('chrome', { runtime: { sendMessage: vi.fn() } });
    const pending = sendExtensionMessage({ type: 'PULSE_CHECK' });
    const assertion = expect(pending).rejects.toBeInstanceOf(ExtensionMissingError);
    await vi.advanceTimersByTimeAsync(2000);
    await assertion;
  });

  it('CLEAR_BROWSER_SITES_CACHE never fails the change that triggered it', async () => {
    await expect(clearBrowserSitesCache()).resolves.toBeUndefined();
    const { received } = installFakeExtension(() => ({ status: 'success' }));
    await clearBrowserSitesCache();
    expect(received[0]?.message).toEqual({ type: 'CLEAR_BROWSER_SITES_CACHE' });
  });
});
