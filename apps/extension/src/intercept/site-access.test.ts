import { describe, expect, it } from 'vitest';
import { createWorld } from '../../test-support/background';
import { site } from '../../test-support/data';
import { FAKE_EXTENSION_ORIGIN, settle } from '../../test-support/fake-chrome';
import { siteAccessPattern, siteAccessPatterns } from './site-access';

/** A signed-in extension with per-site access (the store build): nothing granted yet. */
async function perSiteWorld(...origins: string[]) {
  const world = createWorld();
  world.chrome.permissions.revoke('<all_urls>');
  world.server.sites = origins.map((origin) => site(origin));
  await world.signIn();
  return world;
}

describe('host access per site (decision 045)', () => {
  it('asks for each site with its subdomains, any scheme and port', () => {
    // The host the rule matches (www. dropped): for the six feed sites, the pattern their content
    // scripts were granted at install.
    expect(siteAccessPattern('https://www.youtube.com')).toBe('*://*.youtube.com/*');
    expect(siteAccessPattern('https://reddit.com:8443')).toBe('*://*.reddit.com/*');
    expect(siteAccessPattern('http://127.0.0.1:3000')).toBe('*://127.0.0.1/*');
    expect(siteAccessPattern('not a site')).toBeNull();
    expect(
      siteAccessPatterns([{ siteOrigin: 'https://reddit.com' }, { siteOrigin: 'http://reddit.com:81' }]),
    ).toEqual(['*://*.reddit.com/*']);
  });

  it('gives an ungranted site no rule and a granted one its rule', async () => {
    const world = await perSiteWorld('https://reddit.com', 'https://news.example');
    expect(world.chrome.dnr.rules).toEqual([]);
    expect(world.chrome.dnr.intercepts('https://reddit.com/')).toBe(false);

    world.chrome.permissions.grant('*://*.reddit.com/*');
    await world.app.onAccessChanged();
    expect(world.chrome.dnr.intercepts('https://reddit.com/')).toBe(true);
    expect(world.chrome.dnr.intercepts('https://old.reddit.com/r/all')).toBe(true);
    expect(world.chrome.dnr.intercepts('https://news.example/')).toBe(false);
    expect(world.chrome.dnr.rules).toHaveLength(1);
  });

  it('takes the rule away when access is removed, and re-applies when it comes back', async () => {
    const world = await perSiteWorld('https://reddit.com');
    world.chrome.permissions.grant('*://*.reddit.com/*');
    await world.app.onAccessChanged();
    const [rule] = world.chrome.dnr.rules;

    world.chrome.permissions.revoke('*://*.reddit.com/*');
    await world.app.onAccessChanged();
    expect(world.chrome.dnr.intercepts('https://reddit.com/')).toBe(false);

    world.chrome.permissions.grant('*://*.reddit.com/*');
    await world.app.onAccessChanged();
    // The same rule, under the same id, as before access was removed.
    expect(world.chrome.dnr.rules).toEqual([rule]);
  });

  it('a restarted worker writes rules only for the sites granted', async () => {
    const world = await perSiteWorld('https://reddit.com', 'https://news.example');
    world.chrome.permissions.grant('*://*.news.example/*');
    await world.restart().wake();
    expect(world.chrome.dnr.intercepts('https://news.example/')).toBe(true);
    expect(world.chrome.dnr.intercepts('https://reddit.com/')).toBe(false);
  });

  it('the development build, with access to every site, intercepts every site', async () => {
    const world = createWorld();
    world.server.sites = [site('https://reddit.com')];
    await world.signIn();
    expect(world.chrome.dnr.intercepts('https://reddit.com/')).toBe(true);
  });
});

describe('GET_SITE_ACCESS and OPEN_SITE_ACCESS', () => {
  it('answers which of the sites asked about still need access on this browser', async () => {
    const world = await perSiteWorld();
    const ask = () =>
      world.send({
        type: 'GET_SITE_ACCESS',
        siteOrigins: ['https://reddit.com', 'https://www.youtube.com', 'https://news.example:8080'],
      });
    // youtube.com's content script was granted its host at install, as in the store build.
    world.chrome.permissions.grant('*://*.youtube.com/*');
    expect(await ask()).toEqual({
      status: 'success',
      needsAccess: ['https://reddit.com', 'https://news.example:8080'],
    });
    world.chrome.permissions.grant('*://*.reddit.com/*');
    expect(await ask()).toEqual({ status: 'success', needsAccess: ['https://news.example:8080'] });
  });

  it('answers none with access to every site, and signed out as well', async () => {
    const world = createWorld();
    expect(await world.send({ type: 'GET_SITE_ACCESS', siteOrigins: ['https://reddit.com'] })).toEqual({
      status: 'success',
      needsAccess: [],
    });
  });

  it('opens the page where one click asks Chrome for access', async () => {
    const world = await perSiteWorld('https://reddit.com');
    expect(await world.send({ type: 'OPEN_SITE_ACCESS' })).toEqual({ status: 'success' });
    await settle();
    const tabs = await world.chrome.browser.tabs.query({});
    expect(tabs.map((tab) => tab.url)).toContain(`${FAKE_EXTENSION_ORIGIN}/popup.html`);
  });

  it('refuses both from a page that is not the web app', async () => {
    const world = await perSiteWorld('https://reddit.com');
    expect(
      await world.send(
        { type: 'GET_SITE_ACCESS', siteOrigins: ['https://reddit.com'] },
        'https://evil.example',
      ),
    ).toMatchObject({
      status: 'error',
    });
    expect(await world.send({ type: 'OPEN_SITE_ACCESS' }, 'https://evil.example')).toMatchObject({
      status: 'error',
    });
  });
});
