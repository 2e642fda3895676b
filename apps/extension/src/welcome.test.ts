import { describe, expect, it } from 'vitest';
import { createWorld, WEB_APP } from '../test-support/background';

/** The addresses of open tabs (the fake browser starts with one blank tab, which has none). */
const openTabs = async (world: ReturnType<typeof createWorld>) =>
  (await world.chrome.browser.tabs.query({})).flatMap((tab) => (tab.url ? [tab.url] : []));

describe('the welcome page on install', () => {
  it('opens the web app’s onboarding, which sends a signed-out visitor to sign in first', async () => {
    const world = createWorld('production');
    await world.app.onInstalled('install');
    expect(await openTabs(world)).toEqual(['https://stillpoint.app/onboarding']);
  });

  it('opens on the web app the extension is signed in from', async () => {
    const world = createWorld();
    await world.signIn();
    await world.app.onInstalled('install');
    expect(await openTabs(world)).toEqual([`${WEB_APP}/onboarding`]);
  });

  it.each(['update', 'chrome_update', 'shared_module_update'])('opens nothing on %s', async (reason) => {
    const world = createWorld('production');
    await world.app.onInstalled(reason);
    expect(await openTabs(world)).toEqual([]);
  });
});
