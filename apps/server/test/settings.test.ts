import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callOk, failureOf, signUp } from './support/api';
import { createTestApp, type TestApp } from './support/app';

const allOn = {
  facebookFeedblocking: true,
  youtubeFeedblocking: true,
  twitterFeedblocking: true,
  linkedinFeedblocking: true,
  instagramFeedblocking: true,
  redditFeedblocking: true,
};

describe('feedblocking settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('are null until first saved (the home page then offers Finish Setup)', async () => {
    const sam = await signUp(t.app);
    const res = await call(t.app, 'getBrowserSiteSettings', undefined, { token: sam.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: null });
  });

  it('start with every feed blocked on the first save, apart from what that save turns off', async () => {
    const sam = await signUp(t.app);
    const saved = await callOk(t.app, 'updateBrowserSiteSettings', { youtubeFeedblocking: false }, sam.token);
    expect(saved).toEqual({ ...allOn, youtubeFeedblocking: false });
    expect(await callOk(t.app, 'getBrowserSiteSettings', undefined, sam.token)).toEqual(saved);
  });

  it('change only the switches sent on later saves', async () => {
    const sam = await signUp(t.app);
    await callOk(t.app, 'updateBrowserSiteSettings', { youtubeFeedblocking: false }, sam.token);
    await callOk(
      t.app,
      'updateBrowserSiteSettings',
      { redditFeedblocking: false, facebookFeedblocking: false },
      sam.token,
    );
    const after = await callOk(t.app, 'updateBrowserSiteSettings', { youtubeFeedblocking: true }, sam.token);
    expect(after).toEqual({ ...allOn, redditFeedblocking: false, facebookFeedblocking: false });
  });

  it("are each person's own", async () => {
    const sam = await signUp(t.app);
    const alex = await signUp(t.app);
    await callOk(t.app, 'updateBrowserSiteSettings', { instagramFeedblocking: false }, sam.token);
    expect(await callOk(t.app, 'getBrowserSiteSettings', undefined, alex.token)).toBeNull();
  });

  it.each([
    ['no switch at all', {}, 'Send at least one of'],
    ['a site without feed blocking', { tiktokFeedblocking: true }, 'tiktokFeedblocking'],
    ['a switch as text', { redditFeedblocking: 'off' }, 'redditFeedblocking must be true or false'],
  ])('answer a save with %s with a readable 400 and save nothing', async (_case, body, mention) => {
    const sam = await signUp(t.app);
    const failure = failureOf(await call(t.app, 'updateBrowserSiteSettings', body, { token: sam.token }));
    expect(failure).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
      error: expect.stringContaining(mention),
    });
    expect(await callOk(t.app, 'getBrowserSiteSettings', undefined, sam.token)).toBeNull();
  });

  it('need a session', async () => {
    expect((await call(t.app, 'getBrowserSiteSettings')).statusCode).toBe(401);
    expect((await call(t.app, 'updateBrowserSiteSettings', { redditFeedblocking: false })).statusCode).toBe(
      401,
    );
  });
});
