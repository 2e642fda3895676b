import { readUninstallContext, sendUninstallFeedbackBodySchema } from '@stillpoint/core';
import { describe, expect, it } from 'vitest';
import { createWorld, WEB_APP } from '../test-support/background';
import { STORAGE_KEYS } from './storage-keys';
import { uninstallUrl } from './uninstall-url';

const DEFAULT_ORIGIN = 'http://localhost:3000';

/** The address Chrome was last told to open on uninstall, taken apart. */
function lastAddress(world: ReturnType<typeof createWorld>) {
  const address = world.chrome.uninstallUrls.at(-1);
  if (!address) throw new Error('no uninstall address was set');
  const url = new URL(address);
  return { address, url, v: url.searchParams.get('v'), ref: url.searchParams.get('ref') };
}

describe('the uninstall address', () => {
  it('carries the version and, when given, the install reference', () => {
    expect(uninstallUrl(WEB_APP, { version: '1.4.2', installRef: 'abc_DEF-123456' })).toBe(
      `${WEB_APP}/uninstall-chrome-extension?v=1.4.2&ref=abc_DEF-123456`,
    );
    expect(uninstallUrl('https://stillpoint.app', { version: '2.0', installRef: null })).toBe(
      'https://stillpoint.app/uninstall-chrome-extension?v=2.0',
    );
  });

  it('is set at start with a random install reference that the uninstall page accepts', async () => {
    const world = createWorld();
    await world.app.wake();
    const { url, v, ref } = lastAddress(world);
    expect(`${url.origin}${url.pathname}`).toBe(`${DEFAULT_ORIGIN}/uninstall-chrome-extension`);
    expect(v).toBe('0.1.0');
    expect(sendUninstallFeedbackBodySchema.shape.installRef.safeParse(ref).success).toBe(true);
    // What the page reads back from the address is what the extension put there.
    expect(readUninstallContext({ v, ref })).toEqual({ extensionVersion: '0.1.0', installRef: ref });
  });

  it('keeps one reference for the life of the install, across restarts and sign-in', async () => {
    const world = createWorld();
    await world.app.wake();
    const first = lastAddress(world).ref;
    world.restart();
    await world.app.wake();
    expect(lastAddress(world).ref).toBe(first);

    await world.signIn();
    const signedIn = lastAddress(world);
    expect(signedIn.url.origin).toBe(WEB_APP);
    expect(signedIn.ref).toBe(first);

    // Another install (fresh storage) gets another reference.
    const other = createWorld();
    await other.app.wake();
    expect(lastAddress(other).ref).not.toBe(first);
  });

  it('never carries a token, the user id or anything but v and ref', async () => {
    const world = createWorld();
    await world.signIn();
    await world.app.wake();
    for (const address of world.chrome.uninstallUrls) {
      const url = new URL(address);
      expect([...url.searchParams.keys()]).toEqual(['v', 'ref']);
      expect(address).not.toContain('good-token');
      expect(address).not.toContain('session-1');
      expect(address).not.toContain('user-1');
    }
  });

  it('makes a new reference when the stored one is damaged, and sets the address without one if storage fails', async () => {
    const world = createWorld();
    await world.chrome.browser.storage.local.set({ [STORAGE_KEYS.installRef]: 'no spaces allowed' });
    await world.app.wake();
    const remade = lastAddress(world).ref;
    expect(remade).not.toBe('no spaces allowed');
    expect(sendUninstallFeedbackBodySchema.shape.installRef.safeParse(remade).success).toBe(true);

    const broken = createWorld();
    // The fake storage is shared by every world in this file, so the failure is put back after.
    const storage = broken.chrome.platform.storage;
    const set = storage.set;
    storage.set = async () => {
      throw new Error('storage is full');
    };
    try {
      await broken.app.wake().catch(() => undefined);
    } finally {
      storage.set = set;
    }
    expect(lastAddress(broken)).toMatchObject({ v: '0.1.0', ref: null });
  });
});
