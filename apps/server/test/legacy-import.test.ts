import { DEFAULT_FEEDBLOCKING_SETTINGS, utcUserDay } from '@stillpoint/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callOk, dataOf, failureOf, type Person, signUp } from './support/api';
import { createTestApp, type TestApp } from './support/app';

describe('importing the extension’s data from before accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const importData = (person: Person, body: unknown) =>
    call(t.app, 'importLegacyExtensionData', body, { token: person.token });
  const importOk = async (person: Person, body: unknown) =>
    dataOf('importLegacyExtensionData', await importData(person, body));
  const sitesOf = async (person: Person) =>
    (
      await callOk(
        t.app,
        'getBrowserSitesWithActiveAndTodaysSessions',
        { userDay: utcUserDay(new Date()) },
        person.token,
      )
    )
      .map(({ siteOrigin, budget }) => ({ siteOrigin, budget }))
      .sort((a, b) => a.siteOrigin.localeCompare(b.siteOrigin));
  const settingsOf = (person: Person) => callOk(t.app, 'getBrowserSiteSettings', undefined, person.token);

  const legacy = {
    customSites: [
      { siteOrigin: 'https://www.youtube.com', budget: 2 },
      { siteOrigin: 'https://reddit.com', budget: 5 },
    ],
    feedblockingSites: { youtubeFeedblocking: false, redditFeedblocking: true },
  };

  it('adds the sites the account lacks and keeps the budget of those it has', async () => {
    const sam = await signUp(t.app);
    await callOk(t.app, 'addBrowserSite', { siteOrigin: 'youtube.com', budget: 7 }, sam.token);

    expect(await importOk(sam, legacy)).toEqual({ sitesAdded: 1, sitesKept: 1, feedSettingsApplied: true });
    expect(await sitesOf(sam)).toEqual([
      { siteOrigin: 'https://reddit.com', budget: 5 },
      { siteOrigin: 'https://youtube.com', budget: 7 },
    ]);
  });

  it('saves the switches, the unnamed ones on, when the person has saved none', async () => {
    const sam = await signUp(t.app);
    await importOk(sam, legacy);
    expect(await settingsOf(sam)).toEqual({ ...DEFAULT_FEEDBLOCKING_SETTINGS, youtubeFeedblocking: false });
  });

  it('leaves switches the person already saved as they are', async () => {
    const sam = await signUp(t.app);
    const saved = await callOk(
      t.app,
      'updateBrowserSiteSettings',
      { facebookFeedblocking: false },
      sam.token,
    );
    expect(await importOk(sam, legacy)).toMatchObject({ feedSettingsApplied: false });
    expect(await settingsOf(sam)).toEqual(saved);
  });

  it('saves no switches when the extension kept none, so setup is still offered', async () => {
    const sam = await signUp(t.app);
    expect(await importOk(sam, { customSites: [], feedblockingSites: {} })).toEqual({
      sitesAdded: 0,
      sitesKept: 0,
      feedSettingsApplied: false,
    });
    expect(await settingsOf(sam)).toBeNull();
  });

  it('changes nothing when the same data is imported again', async () => {
    const sam = await signUp(t.app);
    await importOk(sam, legacy);
    const sites = await sitesOf(sam);
    const settings = await settingsOf(sam);

    expect(await importOk(sam, legacy)).toEqual({ sitesAdded: 0, sitesKept: 2, feedSettingsApplied: false });
    expect(await sitesOf(sam)).toEqual(sites);
    expect(await settingsOf(sam)).toEqual(settings);
  });

  it('adds each site once when two imports run at the same time', async () => {
    const sam = await signUp(t.app);
    const many = {
      customSites: ['a.example', 'b.example', 'c.example', 'd.example', 'e.example'].map((host) => ({
        siteOrigin: `https://${host}`,
        budget: 3,
      })),
      feedblockingSites: { facebookFeedblocking: false },
    };
    const answers = await Promise.all([importData(sam, many), importData(sam, many), importData(sam, many)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    const results = answers.map((answer) => dataOf('importLegacyExtensionData', answer));
    expect(results.reduce((sum, result) => sum + result.sitesAdded, 0)).toBe(5);
    expect(results.every((result) => result.sitesAdded + result.sitesKept === 5)).toBe(true);
    expect(results.filter((result) => result.feedSettingsApplied)).toHaveLength(1);
    expect(await sitesOf(sam)).toHaveLength(5);
  });

  it('skips entries that name no site and collapses entries that name the same one', async () => {
    const sam = await signUp(t.app);
    const result = await importOk(sam, {
      customSites: [
        { siteOrigin: 'not a site', budget: 3 },
        { siteOrigin: '', budget: 3 },
        { siteOrigin: 'https://www.x.com/home', budget: 4 },
        { siteOrigin: 'x.com', budget: 9 },
      ],
      feedblockingSites: {},
    });
    expect(result).toEqual({ sitesAdded: 1, sitesKept: 0, feedSettingsApplied: false });
    expect(await sitesOf(sam)).toEqual([{ siteOrigin: 'https://www.x.com', budget: 4 }]);
  });

  it.each([
    ['no body fields', {}, 'customSites'],
    ['sites that are no list', { customSites: 'youtube.com', feedblockingSites: {} }, 'customSites'],
    [
      'a budget below one',
      { customSites: [{ siteOrigin: 'youtube.com', budget: 0 }], feedblockingSites: {} },
      'budget must be at least 1',
    ],
    [
      'an unknown field on a site',
      { customSites: [{ siteOrigin: 'youtube.com', budget: 3, dailyLimit: 3 }], feedblockingSites: {} },
      'dailyLimit',
    ],
    [
      'a site without feed blocking',
      { customSites: [], feedblockingSites: { tiktokFeedblocking: true } },
      'tiktokFeedblocking',
    ],
    [
      'a switch as text',
      { customSites: [], feedblockingSites: { redditFeedblocking: 'on' } },
      'redditFeedblocking',
    ],
    [
      'more than 200 sites',
      {
        customSites: Array.from({ length: 201 }, (_, n) => ({ siteOrigin: `site${n}.example`, budget: 3 })),
        feedblockingSites: {},
      },
      'at most 200',
    ],
  ])('answers %s with a readable 400 and imports nothing', async (_case, body, mention) => {
    const sam = await signUp(t.app);
    expect(failureOf(await importData(sam, body))).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
      error: expect.stringContaining(mention),
    });
    expect(await sitesOf(sam)).toEqual([]);
    expect(await settingsOf(sam)).toBeNull();
  });

  it('needs a session', async () => {
    expect((await call(t.app, 'importLegacyExtensionData', legacy)).statusCode).toBe(401);
  });

  it('limits how often one person imports', async () => {
    const sam = await signUp(t.app);
    const empty = { customSites: [], feedblockingSites: {} };
    // The route allows 10 a minute per person, whatever address they call from.
    for (let n = 0; n < 10; n++) expect((await importData(sam, empty)).statusCode).toBe(200);
    expect(failureOf(await importData(sam, empty))).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    const alex = await signUp(t.app);
    expect((await importData(alex, empty)).statusCode).toBe(200);
  });
});
