import { FALLBACK_HDYH_OPTIONS } from '@stillpoint/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callOk, dataOf, failureOf, signUp } from './support/api';
import { createTestApp, type TestApp } from './support/app';

const none = { hdyh: null, hdyhDetail: null, onboardingIntention: null, onboardingOutcome: null };

describe('onboarding answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('offer the HDYH options in SPEC order to anyone, with follow-up questions for some', async () => {
    const res = await call(t.app, 'getNewOnboardingHDYHOptions');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const { options } = dataOf('getNewOnboardingHDYHOptions', res);
    expect(options.map((option) => option.name)).toEqual([...FALLBACK_HDYH_OPTIONS]);
    const byName = new Map(options.map((option) => [option.name, option]));
    expect(byName.get('youtube')).toMatchObject({
      drilldownPrompt: 'Which kind of video?',
      drilldown: expect.arrayContaining(['a creator I follow', 'an ad', 'a podcast clip', 'other']),
    });
    expect(byName.get('from a friend')).toEqual({
      name: 'from a friend',
      drilldownPrompt: 'Where did they tell you about us?',
      drilldown: ['in person', 'a text or chat', 'social media', 'other'],
    });
    expect(byName.get('news article')).toMatchObject({
      drilldownPrompt: 'Which publication?',
      drilldown: expect.arrayContaining(['other']),
    });
    expect(byName.get('app store search')).toEqual({
      name: 'app store search',
      drilldownPrompt: 'Which store?',
      drilldown: ['App Store', 'Google Play', 'Chrome Web Store'],
    });
    // A prompt always comes with its choices, and the others are a bare name.
    for (const option of options) {
      expect(option.drilldown === undefined).toBe(option.drilldownPrompt === undefined);
      if (option.drilldown) expect(option.drilldown.length).toBeGreaterThan(1);
    }
    expect(byName.get('other')).toEqual({ name: 'other' });
  });

  it('are all null before the first save', async () => {
    const sam = await signUp(t.app);
    expect(await callOk(t.app, 'getOnboardingAnswers', undefined, sam.token)).toEqual(none);
  });

  it('are saved and read back', async () => {
    const sam = await signUp(t.app);
    const answers = {
      onboardingIntention: 'find focus',
      onboardingOutcome: 'deeper work',
      hdyh: 'youtube',
      hdyhDetail: 'an ad',
    };
    expect(await callOk(t.app, 'updateOnboardingAnswers', answers, sam.token)).toEqual(answers);
    expect(await callOk(t.app, 'getOnboardingAnswers', undefined, sam.token)).toEqual(answers);
  });

  it('keep what a later save does not send', async () => {
    const sam = await signUp(t.app);
    await callOk(
      t.app,
      'updateOnboardingAnswers',
      { onboardingIntention: 'be present', hdyh: 'blog' },
      sam.token,
    );
    const after = await callOk(
      t.app,
      'updateOnboardingAnswers',
      { onboardingIntention: 'find calm' },
      sam.token,
    );
    expect(after).toEqual({ ...none, onboardingIntention: 'find calm', hdyh: 'blog' });
  });

  it("are each person's own", async () => {
    const sam = await signUp(t.app);
    const alex = await signUp(t.app);
    await callOk(t.app, 'updateOnboardingAnswers', { onboardingOutcome: 'better sleep' }, sam.token);
    expect(await callOk(t.app, 'getOnboardingAnswers', undefined, alex.token)).toEqual(none);
  });

  it.each([
    ['no answer at all', {}, 'Send at least one of hdyh, hdyhDetail, onboardingIntention, onboardingOutcome'],
    ['an intention not offered', { onboardingIntention: 'get rich' }, 'intention must be one of'],
    ['an unknown answer', { favouriteColour: 'blue' }, 'favouriteColour'],
    ['an answer that is not text', { hdyh: 42 }, 'hdyh must be text'],
    ['an empty answer', { onboardingOutcome: '   ' }, 'onboardingOutcome cannot be empty'],
  ])('answer a save with %s with a readable 400 and change nothing', async (_case, body, mention) => {
    const sam = await signUp(t.app);
    await callOk(t.app, 'updateOnboardingAnswers', { hdyh: 'blog' }, sam.token);
    const failure = failureOf(await call(t.app, 'updateOnboardingAnswers', body, { token: sam.token }));
    expect(failure).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
      error: expect.stringContaining(mention),
    });
    expect(await callOk(t.app, 'getOnboardingAnswers', undefined, sam.token)).toEqual({
      ...none,
      hdyh: 'blog',
    });
  });

  it('need a session to read or save', async () => {
    expect((await call(t.app, 'getOnboardingAnswers')).statusCode).toBe(401);
    expect((await call(t.app, 'updateOnboardingAnswers', { hdyh: 'blog' })).statusCode).toBe(401);
  });
});
